; ModuleID = '__compute_module_compare_select_fusion.1_kernel_module'
source_filename = "__compute_module_compare_select_fusion.1_kernel_module"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%XLA_CPU_KernelCallFrame = type { ptr, ptr, i64, ptr }
%XLA_CPU_KernelArg = type { ptr, i64 }
%kernel_dim3 = type { i64, i64, i64 }

; Function Attrs: uwtable
define ptr @compare_select_fusion.1(ptr %0) #0 {
  %2 = getelementptr inbounds %XLA_CPU_KernelCallFrame, ptr %0, i32 0, i32 3
  %3 = load ptr, ptr %2, align 8, !invariant.load !3
  %4 = getelementptr inbounds %XLA_CPU_KernelArg, ptr %3, i32 0, i32 0
  %5 = load ptr, ptr %4, align 8, !invariant.load !3, !dereferenceable !4
  %6 = getelementptr inbounds %XLA_CPU_KernelArg, ptr %3, i32 1, i32 0
  %7 = load ptr, ptr %6, align 8, !invariant.load !3, !dereferenceable !4
  %8 = getelementptr inbounds %XLA_CPU_KernelArg, ptr %3, i32 2, i32 0
  %9 = load ptr, ptr %8, align 8, !invariant.load !3, !dereferenceable !5
  %10 = getelementptr inbounds %XLA_CPU_KernelArg, ptr %3, i32 3, i32 0
  %11 = load ptr, ptr %10, align 8, !invariant.load !3, !dereferenceable !4
  %12 = getelementptr inbounds %XLA_CPU_KernelCallFrame, ptr %0, i32 0, i32 1
  %13 = load ptr, ptr %12, align 8
  %14 = getelementptr inbounds %kernel_dim3, ptr %13, i32 0, i32 0
  %15 = load i64, ptr %14, align 4, !invariant.load !3
  %16 = getelementptr inbounds %kernel_dim3, ptr %13, i32 0, i32 1
  %17 = load i64, ptr %16, align 4, !invariant.load !3
  %18 = getelementptr inbounds %kernel_dim3, ptr %13, i32 0, i32 2
  %19 = load i64, ptr %18, align 4, !invariant.load !3
  call void @compare_select_fusion.1_wrapped(ptr %5, ptr %7, ptr %9, ptr %11, i64 %15, i64 %17, i64 %19)
  ret ptr null
}

; Function Attrs: alwaysinline
define internal void @compare_select_fusion.1_wrapped(ptr noalias align 64 dereferenceable(512) %0, ptr noalias align 64 dereferenceable(512) %1, ptr noalias align 64 dereferenceable(64) %2, ptr noalias align 64 dereferenceable(512) %3, i64 %4, i64 %5, i64 %6) #1 {
  br label %8

8:                                                ; preds = %28, %7
  %9 = phi i64 [ %29, %28 ], [ 0, %7 ]
  %10 = icmp slt i64 %9, 8
  br i1 %10, label %11, label %30

11:                                               ; preds = %8
  %12 = mul nsw i64 %9, 16
  br label %13

13:                                               ; preds = %16, %11
  %14 = phi i64 [ %27, %16 ], [ 0, %11 ]
  %15 = icmp slt i64 %14, 16
  br i1 %15, label %16, label %28

16:                                               ; preds = %13
  %17 = add nsw i64 %12, %14
  %18 = getelementptr inbounds [128 x float], ptr %1, i32 0, i64 %17
  %19 = load float, ptr %18, align 4, !invariant.load !3
  %20 = getelementptr inbounds [16 x float], ptr %2, i32 0, i64 %14
  %21 = load float, ptr %20, align 4, !invariant.load !3
  %22 = fadd float %19, %21
  %23 = fcmp ogt float %22, 0.000000e+00
  %24 = getelementptr inbounds [128 x float], ptr %0, i32 0, i64 %17
  %25 = load float, ptr %24, align 4
  %26 = select i1 %23, float %25, float 0.000000e+00
  store float %26, ptr %24, align 4
  %27 = add i64 %14, 1
  br label %13

28:                                               ; preds = %13
  %29 = add i64 %9, 1
  br label %8, !llvm.loop !6

30:                                               ; preds = %8
  ret void
}

attributes #0 = { uwtable "frame-pointer"="all" "prefer-vector-width"="256" }
attributes #1 = { alwaysinline }

!llvm.module.flags = !{!0, !1}
!xla_cpu_memory_region_name = !{!2}

!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = !{i32 1, !"xla_dylib_index", i64 7}
!2 = !{!"xla_cpu_emitter__loop_fusion_kernel_emitter__hlo_opcode__fusion"}
!3 = !{}
!4 = !{i64 512}
!5 = !{i64 64}
!6 = distinct !{!6, !7}
!7 = !{!"llvm.loop.unroll.disable"}
