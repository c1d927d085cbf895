; ModuleID = '__compute_module_add_reduce_fusion_kernel_module'
source_filename = "__compute_module_add_reduce_fusion_kernel_module"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%XLA_CPU_KernelCallFrame = type { ptr, ptr, i64, ptr }
%XLA_CPU_KernelArg = type { ptr, i64 }
%kernel_dim3 = type { i64, i64, i64 }

; Function Attrs: uwtable
define ptr @add_reduce_fusion(ptr %0) #0 {
  %2 = getelementptr inbounds %XLA_CPU_KernelCallFrame, ptr %0, i32 0, i32 3
  %3 = load ptr, ptr %2, align 8, !invariant.load !3
  %4 = getelementptr inbounds %XLA_CPU_KernelArg, ptr %3, i32 0, i32 0
  %5 = load ptr, ptr %4, align 8, !invariant.load !3, !dereferenceable !4
  %6 = getelementptr inbounds %XLA_CPU_KernelArg, ptr %3, i32 1, i32 0
  %7 = load ptr, ptr %6, align 8, !invariant.load !3, !dereferenceable !5
  %8 = getelementptr inbounds %XLA_CPU_KernelArg, ptr %3, i32 2, i32 0
  %9 = load ptr, ptr %8, align 8, !invariant.load !3, !dereferenceable !6
  %10 = getelementptr inbounds %XLA_CPU_KernelCallFrame, ptr %0, i32 0, i32 1
  %11 = load ptr, ptr %10, align 8
  %12 = getelementptr inbounds %kernel_dim3, ptr %11, i32 0, i32 0
  %13 = load i64, ptr %12, align 4, !invariant.load !3
  %14 = getelementptr inbounds %kernel_dim3, ptr %11, i32 0, i32 1
  %15 = load i64, ptr %14, align 4, !invariant.load !3
  %16 = getelementptr inbounds %kernel_dim3, ptr %11, i32 0, i32 2
  %17 = load i64, ptr %16, align 4, !invariant.load !3
  call void @add_reduce_fusion_wrapped(ptr %5, ptr %7, ptr %9, i64 %13, i64 %15, i64 %17)
  ret ptr null
}

; Function Attrs: alwaysinline
define internal void @add_reduce_fusion_wrapped(ptr noalias align 64 dereferenceable(512) %0, ptr noalias align 64 dereferenceable(64) %1, ptr noalias align 64 dereferenceable(32) %2, i64 %3, i64 %4, i64 %5) #1 {
  br label %7

7:                                                ; preds = %25, %6
  %8 = phi i64 [ %27, %25 ], [ 0, %6 ]
  %9 = icmp slt i64 %8, 8
  br i1 %9, label %10, label %28

10:                                               ; preds = %7
  %11 = mul nsw i64 %8, 16
  br label %12

12:                                               ; preds = %16, %10
  %13 = phi i64 [ %24, %16 ], [ 0, %10 ]
  %14 = phi float [ %23, %16 ], [ -inf, %10 ]
  %15 = icmp slt i64 %13, 16
  br i1 %15, label %16, label %25

16:                                               ; preds = %12
  %17 = add nsw i64 %11, %13
  %18 = getelementptr inbounds [128 x float], ptr %0, i32 0, i64 %17
  %19 = load float, ptr %18, align 4, !invariant.load !3
  %20 = getelementptr inbounds [16 x float], ptr %1, i32 0, i64 %13
  %21 = load float, ptr %20, align 4, !invariant.load !3
  %22 = fadd float %19, %21
  %23 = call reassoc float @llvm.maximum.f32(float %14, float %22)
  %24 = add i64 %13, 1
  br label %12

25:                                               ; preds = %12
  %26 = getelementptr inbounds [8 x float], ptr %2, i32 0, i64 %8
  store float %14, ptr %26, align 4
  %27 = add i64 %8, 1
  br label %7, !llvm.loop !7

28:                                               ; preds = %7
  ret void
}

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.maximum.f32(float, float) #2

attributes #0 = { uwtable "frame-pointer"="all" "prefer-vector-width"="256" }
attributes #1 = { alwaysinline }
attributes #2 = { nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }

!llvm.module.flags = !{!0, !1}
!xla_cpu_memory_region_name = !{!2}

!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = !{i32 1, !"xla_dylib_index", i64 2}
!2 = !{!"xla_cpu_emitter__loop_fusion_kernel_emitter__hlo_opcode__fusion"}
!3 = !{}
!4 = !{i64 512}
!5 = !{i64 64}
!6 = !{i64 32}
!7 = distinct !{!7, !8}
!8 = !{!"llvm.loop.unroll.disable"}
