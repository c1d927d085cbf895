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
  %7 = load ptr, ptr %6, align 8, !invariant.load !3, !dereferenceable !5
  %8 = getelementptr inbounds %XLA_CPU_KernelArg, ptr %3, i32 2, i32 0
  %9 = load ptr, ptr %8, align 8, !invariant.load !3, !dereferenceable !4
  %10 = getelementptr inbounds %XLA_CPU_KernelArg, ptr %3, i32 3, i32 0
  %11 = load ptr, ptr %10, align 8, !invariant.load !3, !dereferenceable !4
  %12 = getelementptr inbounds %XLA_CPU_KernelArg, ptr %3, i32 4, i32 0
  %13 = load ptr, ptr %12, align 8, !invariant.load !3, !dereferenceable !6
  %14 = getelementptr inbounds %XLA_CPU_KernelArg, ptr %3, i32 5, i32 0
  %15 = load ptr, ptr %14, align 8, !invariant.load !3, !dereferenceable !5
  %16 = getelementptr inbounds %XLA_CPU_KernelArg, ptr %3, i32 6, i32 0
  %17 = load ptr, ptr %16, align 8, !invariant.load !3, !dereferenceable !7
  %18 = getelementptr inbounds %XLA_CPU_KernelCallFrame, ptr %0, i32 0, i32 1
  %19 = load ptr, ptr %18, align 8
  %20 = getelementptr inbounds %kernel_dim3, ptr %19, i32 0, i32 0
  %21 = load i64, ptr %20, align 4, !invariant.load !3
  %22 = getelementptr inbounds %kernel_dim3, ptr %19, i32 0, i32 1
  %23 = load i64, ptr %22, align 4, !invariant.load !3
  %24 = getelementptr inbounds %kernel_dim3, ptr %19, i32 0, i32 2
  %25 = load i64, ptr %24, align 4, !invariant.load !3
  call void @reduce_multiply_fusion_wrapped(ptr %5, ptr %7, ptr %9, ptr %11, ptr %13, ptr %15, ptr %17, i64 %21, i64 %23, i64 %25)
  ret ptr null
}

; Function Attrs: alwaysinline
define internal void @reduce_multiply_fusion_wrapped(ptr noalias align 64 dereferenceable(32) %0, ptr noalias align 64 dereferenceable(64) %1, ptr noalias align 64 dereferenceable(32) %2, ptr noalias align 64 dereferenceable(32) %3, ptr noalias align 64 dereferenceable(512) %4, ptr noalias align 64 dereferenceable(64) %5, ptr noalias align 64 dereferenceable(4) %6, i64 %7, i64 %8, i64 %9) #1 {
  br label %11

11:                                               ; preds = %15, %10
  %12 = phi i64 [ %53, %15 ], [ 0, %10 ]
  %13 = phi float [ %52, %15 ], [ 0.000000e+00, %10 ]
  %14 = icmp slt i64 %12, 8
  br i1 %14, label %15, label %54

15:                                               ; preds = %11
  %16 = getelementptr inbounds [8 x float], ptr %3, i32 0, i64 %12
  %17 = load float, ptr %16, align 4, !invariant.load !3
  %18 = call float @llvm.fabs.f32(float %17)
  %19 = call float @llvm.log.f32(float %18)
  %20 = getelementptr inbounds [8 x float], ptr %0, i32 0, i64 %12
  %21 = load float, ptr %20, align 4, !invariant.load !3
  %22 = fadd float %19, %21
  %23 = getelementptr inbounds [8 x i32], ptr %2, i32 0, i64 %12
  %24 = load i32, ptr %23, align 4, !invariant.load !3
  %25 = icmp slt i32 %24, 0
  %26 = add i32 %24, 16
  %27 = select i1 %25, i32 %26, i32 %24
  %28 = icmp sge i32 %27, 0
  %29 = icmp sle i32 %27, 15
  %30 = and i1 %28, %29
  %31 = mul nsw i64 %12, 2
  %32 = getelementptr inbounds [16 x i32], ptr %1, i32 0, i64 %31
  %33 = load i32, ptr %32, align 4, !invariant.load !3
  %34 = sext i32 %33 to i64
  %35 = call i64 @llvm.smin.i64(i64 %34, i64 7)
  %36 = call i64 @llvm.smax.i64(i64 %35, i64 0)
  %37 = add nsw i64 %31, 1
  %38 = getelementptr inbounds [16 x i32], ptr %1, i32 0, i64 %37
  %39 = load i32, ptr %38, align 4, !invariant.load !3
  %40 = sext i32 %39 to i64
  %41 = call i64 @llvm.smin.i64(i64 %40, i64 15)
  %42 = call i64 @llvm.smax.i64(i64 %41, i64 0)
  %43 = mul nsw i64 %36, 16
  %44 = add nsw i64 %43, %42
  %45 = getelementptr inbounds [128 x float], ptr %4, i32 0, i64 %44
  %46 = load float, ptr %45, align 4, !invariant.load !3
  %47 = getelementptr inbounds [16 x float], ptr %5, i32 0, i64 %42
  %48 = load float, ptr %47, align 4, !invariant.load !3
  %49 = fadd float %46, %48
  %50 = select i1 %30, float %49, float +qnan
  %51 = fsub float %22, %50
  %52 = fadd reassoc float %13, %51
  %53 = add i64 %12, 1
  br label %11

54:                                               ; preds = %11
  %55 = fmul float %13, 1.250000e-01
  %56 = getelementptr inbounds [1 x float], ptr %6, i32 0, i32 0
  store float %55, ptr %56, align 4
  ret void
}

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.fabs.f32(float) #2

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.log.f32(float) #2

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.smin.i64(i64, i64) #2

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.smax.i64(i64, i64) #2

attributes #0 = { uwtable "frame-pointer"="all" "prefer-vector-width"="256" }
attributes #1 = { alwaysinline }
attributes #2 = { nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }

!llvm.module.flags = !{!0, !1}
!xla_cpu_memory_region_name = !{!2}

!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = !{i32 1, !"xla_dylib_index", i64 15}
!2 = !{!"xla_cpu_emitter__loop_fusion_kernel_emitter__hlo_opcode__fusion"}
!3 = !{}
!4 = !{i64 32}
!5 = !{i64 64}
!6 = !{i64 512}
!7 = !{i64 4}
