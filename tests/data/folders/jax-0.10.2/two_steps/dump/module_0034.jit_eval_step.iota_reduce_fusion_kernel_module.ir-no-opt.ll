; ModuleID = '__compute_module_iota_reduce_fusion_kernel_module'
source_filename = "__compute_module_iota_reduce_fusion_kernel_module"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%XLA_CPU_KernelCallFrame = type { ptr, ptr, i64, ptr }
%XLA_CPU_KernelArg = type { ptr, i64 }
%kernel_dim3 = type { i64, i64, i64 }

; Function Attrs: uwtable
define ptr @iota_reduce_fusion(ptr %0) #0 {
  %2 = getelementptr inbounds %XLA_CPU_KernelCallFrame, ptr %0, i32 0, i32 3
  %3 = load ptr, ptr %2, align 8, !invariant.load !3
  %4 = getelementptr inbounds %XLA_CPU_KernelArg, ptr %3, i32 0, i32 0
  %5 = load ptr, ptr %4, align 8, !invariant.load !3, !dereferenceable !4
  %6 = getelementptr inbounds %XLA_CPU_KernelArg, ptr %3, i32 1, i32 0
  %7 = load ptr, ptr %6, align 8, !invariant.load !3, !dereferenceable !5
  %8 = getelementptr inbounds %XLA_CPU_KernelArg, ptr %3, i32 2, i32 0
  %9 = load ptr, ptr %8, align 8, !invariant.load !3, !dereferenceable !6
  %10 = getelementptr inbounds %XLA_CPU_KernelArg, ptr %3, i32 3, i32 0
  %11 = load ptr, ptr %10, align 8, !invariant.load !3, !dereferenceable !6
  %12 = getelementptr inbounds %XLA_CPU_KernelCallFrame, ptr %0, i32 0, i32 1
  %13 = load ptr, ptr %12, align 8
  %14 = getelementptr inbounds %kernel_dim3, ptr %13, i32 0, i32 0
  %15 = load i64, ptr %14, align 4, !invariant.load !3
  %16 = getelementptr inbounds %kernel_dim3, ptr %13, i32 0, i32 1
  %17 = load i64, ptr %16, align 4, !invariant.load !3
  %18 = getelementptr inbounds %kernel_dim3, ptr %13, i32 0, i32 2
  %19 = load i64, ptr %18, align 4, !invariant.load !3
  call void @iota_reduce_fusion_wrapped(ptr %5, ptr %7, ptr %9, ptr %11, i64 %15, i64 %17, i64 %19)
  ret ptr null
}

; Function Attrs: alwaysinline
define internal void @iota_reduce_fusion_wrapped(ptr noalias align 64 dereferenceable(512) %0, ptr noalias align 64 dereferenceable(64) %1, ptr noalias align 64 dereferenceable(32) %2, ptr noalias align 64 dereferenceable(32) %3, i64 %4, i64 %5, i64 %6) #1 {
  br label %8

8:                                                ; preds = %36, %7
  %9 = phi i64 [ %39, %36 ], [ 0, %7 ]
  %10 = icmp slt i64 %9, 8
  br i1 %10, label %11, label %40

11:                                               ; preds = %8
  %12 = mul nsw i64 %9, 16
  br label %13

13:                                               ; preds = %18, %11
  %14 = phi i64 [ %35, %18 ], [ 0, %11 ]
  %15 = phi float [ %29, %18 ], [ -inf, %11 ]
  %16 = phi i32 [ %34, %18 ], [ 0, %11 ]
  %17 = icmp slt i64 %14, 16
  br i1 %17, label %18, label %36

18:                                               ; preds = %13
  %19 = add nsw i64 %12, %14
  %20 = getelementptr inbounds [128 x float], ptr %0, i32 0, i64 %19
  %21 = load float, ptr %20, align 4, !invariant.load !3
  %22 = getelementptr inbounds [16 x float], ptr %1, i32 0, i64 %14
  %23 = load float, ptr %22, align 4, !invariant.load !3
  %24 = fadd float %21, %23
  %25 = trunc i64 %14 to i32
  %26 = fcmp ogt float %15, %24
  %27 = fcmp une float %15, %15
  %28 = or i1 %26, %27
  %29 = select i1 %28, float %15, float %24
  %30 = fcmp oeq float %15, %24
  %31 = icmp slt i32 %16, %25
  %32 = and i1 %30, %31
  %33 = or i1 %28, %32
  %34 = select i1 %33, i32 %16, i32 %25
  %35 = add i64 %14, 1
  br label %13

36:                                               ; preds = %13
  %37 = getelementptr inbounds [8 x float], ptr %2, i32 0, i64 %9
  store float %15, ptr %37, align 4
  %38 = getelementptr inbounds [8 x i32], ptr %3, i32 0, i64 %9
  store i32 %16, ptr %38, align 4
  %39 = add i64 %9, 1
  br label %8, !llvm.loop !7

40:                                               ; preds = %8
  ret void
}

attributes #0 = { uwtable "frame-pointer"="all" "prefer-vector-width"="256" }
attributes #1 = { alwaysinline }

!llvm.module.flags = !{!0, !1}
!xla_cpu_memory_region_name = !{!2}

!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = !{i32 1, !"xla_dylib_index", i64 1}
!2 = !{!"xla_cpu_emitter__loop_fusion_kernel_emitter__hlo_opcode__fusion"}
!3 = !{}
!4 = !{i64 512}
!5 = !{i64 64}
!6 = !{i64 32}
!7 = distinct !{!7, !8}
!8 = !{!"llvm.loop.unroll.disable"}
