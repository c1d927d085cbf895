; ModuleID = '__compute_module_reduce_multiply_fusion_kernel_module'
source_filename = "__compute_module_reduce_multiply_fusion_kernel_module"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%XLA_CPU_KernelCallFrame = type { ptr, ptr, i64, ptr }
%XLA_CPU_KernelArg = type { ptr, i64 }
%kernel_dim3 = type { i64, i64, i64 }

; Function Attrs: uwtable
define ptr @reduce_multiply_fusion(ptr %0) #0 {
  %2 = getelementptr inbounds %XLA_CPU_KernelCallFrame, ptr %0, i32 0, i32 3
  %3 = load ptr, ptr %2, align 8, !invariant.load !3
  %4 = getelementptr inbounds %XLA_CPU_KernelArg, ptr %3, i32 0, i32 0
  %5 = load ptr, ptr %4, align 8, !invariant.load !3, !dereferenceable !4
  %6 = getelementptr inbounds %XLA_CPU_KernelArg, ptr %3, i32 1, i32 0
  %7 = load ptr, ptr %6, align 8, !invariant.load !3, !dereferenceable !4
  %8 = getelementptr inbounds %XLA_CPU_KernelArg, ptr %3, i32 2, i32 0
  %9 = load ptr, ptr %8, align 8, !invariant.load !3, !dereferenceable !5
  %10 = getelementptr inbounds %XLA_CPU_KernelCallFrame, ptr %0, i32 0, i32 1
  %11 = load ptr, ptr %10, align 8
  %12 = getelementptr inbounds %kernel_dim3, ptr %11, i32 0, i32 0
  %13 = load i64, ptr %12, align 4, !invariant.load !3
  %14 = getelementptr inbounds %kernel_dim3, ptr %11, i32 0, i32 1
  %15 = load i64, ptr %14, align 4, !invariant.load !3
  %16 = getelementptr inbounds %kernel_dim3, ptr %11, i32 0, i32 2
  %17 = load i64, ptr %16, align 4, !invariant.load !3
  call void @reduce_multiply_fusion_wrapped(ptr %5, ptr %7, ptr %9, i64 %13, i64 %15, i64 %17)
  ret ptr null
}

; Function Attrs: alwaysinline
define internal void @reduce_multiply_fusion_wrapped(ptr noalias align 64 dereferenceable(32) %0, ptr noalias align 64 dereferenceable(32) %1, ptr noalias align 64 dereferenceable(4) %2, i64 %3, i64 %4, i64 %5) #1 {
  br label %7

7:                                                ; preds = %11, %6
  %8 = phi i64 [ %19, %11 ], [ 0, %6 ]
  %9 = phi float [ %18, %11 ], [ 0.000000e+00, %6 ]
  %10 = icmp slt i64 %8, 8
  br i1 %10, label %11, label %20

11:                                               ; preds = %7
  %12 = getelementptr inbounds [8 x i32], ptr %0, i32 0, i64 %8
  %13 = load i32, ptr %12, align 4, !invariant.load !3
  %14 = getelementptr inbounds [8 x i32], ptr %1, i32 0, i64 %8
  %15 = load i32, ptr %14, align 4, !invariant.load !3
  %16 = icmp eq i32 %13, %15
  %17 = uitofp i1 %16 to float
  %18 = fadd reassoc float %9, %17
  %19 = add i64 %8, 1
  br label %7

20:                                               ; preds = %7
  %21 = fmul float %9, 1.250000e-01
  %22 = getelementptr inbounds [1 x float], ptr %2, i32 0, i32 0
  store float %21, ptr %22, align 4
  ret void
}

attributes #0 = { uwtable "frame-pointer"="all" "prefer-vector-width"="256" }
attributes #1 = { alwaysinline }

!llvm.module.flags = !{!0, !1}
!xla_cpu_memory_region_name = !{!2}

!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = !{i32 1, !"xla_dylib_index", i64 2}
!2 = !{!"xla_cpu_emitter__loop_fusion_kernel_emitter__hlo_opcode__fusion"}
!3 = !{}
!4 = !{i64 32}
!5 = !{i64 4}
