; ModuleID = '__compute_module_broadcast_multiply_fusion_kernel_module'
source_filename = "__compute_module_broadcast_multiply_fusion_kernel_module"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%XLA_CPU_KernelCallFrame = type { ptr, ptr, i64, ptr }
%XLA_CPU_KernelArg = type { ptr, i64 }
%kernel_dim3 = type { i64, i64, i64 }

; Function Attrs: uwtable
define ptr @broadcast_multiply_fusion(ptr %0) #0 {
  %2 = getelementptr inbounds %XLA_CPU_KernelCallFrame, ptr %0, i32 0, i32 3
  %3 = load ptr, ptr %2, align 8, !invariant.load !3
  %4 = getelementptr inbounds %XLA_CPU_KernelArg, ptr %3, i32 0, i32 0
  %5 = load ptr, ptr %4, align 8, !invariant.load !3, !dereferenceable !4
  %6 = getelementptr inbounds %XLA_CPU_KernelArg, ptr %3, i32 1, i32 0
  %7 = load ptr, ptr %6, align 8, !invariant.load !3, !dereferenceable !5
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
  call void @broadcast_multiply_fusion_wrapped(ptr %5, ptr %7, ptr %9, ptr %11, i64 %15, i64 %17, i64 %19)
  ret ptr null
}

; Function Attrs: alwaysinline
define internal void @broadcast_multiply_fusion_wrapped(ptr noalias align 64 dereferenceable(512) %0, ptr noalias align 64 dereferenceable(32) %1, ptr noalias align 64 dereferenceable(32) %2, ptr noalias align 64 dereferenceable(512) %3, i64 %4, i64 %5, i64 %6) #1 {
  br label %8

8:                                                ; preds = %32, %7
  %9 = phi i64 [ %33, %32 ], [ 0, %7 ]
  %10 = icmp slt i64 %9, 8
  br i1 %10, label %11, label %34

11:                                               ; preds = %8
  %12 = getelementptr inbounds [8 x float], ptr %2, i32 0, i64 %9
  %13 = load float, ptr %12, align 4, !invariant.load !3
  %14 = fcmp oge float %13, 0.000000e+00
  %15 = getelementptr inbounds [8 x float], ptr %1, i32 0, i64 %9
  %16 = load float, ptr %15, align 4, !invariant.load !3
  %17 = select i1 %14, float 0.000000e+00, float %16
  %18 = select i1 %14, float %16, float 0.000000e+00
  %19 = fneg float %17
  %20 = fadd float %18, %19
  %21 = mul nsw i64 %9, 16
  br label %22

22:                                               ; preds = %25, %11
  %23 = phi i64 [ %31, %25 ], [ 0, %11 ]
  %24 = icmp slt i64 %23, 16
  br i1 %24, label %25, label %32

25:                                               ; preds = %22
  %26 = add nsw i64 %21, %23
  %27 = getelementptr inbounds [128 x float], ptr %0, i32 0, i64 %26
  %28 = load float, ptr %27, align 4, !invariant.load !3
  %29 = fmul float %20, %28
  %30 = getelementptr inbounds [128 x float], ptr %3, i32 0, i64 %26
  store float %29, ptr %30, align 4
  %31 = add i64 %23, 1
  br label %22

32:                                               ; preds = %22
  %33 = add i64 %9, 1
  br label %8, !llvm.loop !6

34:                                               ; preds = %8
  ret void
}

attributes #0 = { uwtable "frame-pointer"="all" "prefer-vector-width"="256" }
attributes #1 = { alwaysinline }

!llvm.module.flags = !{!0, !1}
!xla_cpu_memory_region_name = !{!2}

!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = !{i32 1, !"xla_dylib_index", i64 5}
!2 = !{!"xla_cpu_emitter__loop_fusion_kernel_emitter__hlo_opcode__fusion"}
!3 = !{}
!4 = !{i64 512}
!5 = !{i64 32}
!6 = distinct !{!6, !7}
!7 = !{!"llvm.loop.unroll.disable"}
