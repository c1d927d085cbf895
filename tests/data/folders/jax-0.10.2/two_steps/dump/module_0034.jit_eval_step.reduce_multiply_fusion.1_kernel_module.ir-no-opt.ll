; ModuleID = '__compute_module_reduce_multiply_fusion.1_kernel_module'
source_filename = "__compute_module_reduce_multiply_fusion.1_kernel_module"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%XLA_CPU_KernelCallFrame = type { ptr, ptr, i64, ptr }
%XLA_CPU_KernelArg = type { ptr, i64 }
%kernel_dim3 = type { i64, i64, i64 }

; Function Attrs: uwtable
define ptr @reduce_multiply_fusion.1(ptr %0) #0 {
  %2 = getelementptr inbounds %XLA_CPU_KernelCallFrame, ptr %0, i32 0, i32 3
  %3 = load ptr, ptr %2, align 8, !invariant.load !3
  %4 = getelementptr inbounds %XLA_CPU_KernelArg, ptr %3, i32 0, i32 0
  %5 = load ptr, ptr %4, align 8, !invariant.load !3, !dereferenceable !4
  %6 = getelementptr inbounds %XLA_CPU_KernelArg, ptr %3, i32 1, i32 0
  %7 = load ptr, ptr %6, align 8, !invariant.load !3, !dereferenceable !4
  %8 = getelementptr inbounds %XLA_CPU_KernelArg, ptr %3, i32 2, i32 0
  %9 = load ptr, ptr %8, align 8, !invariant.load !3, !dereferenceable !5
  %10 = getelementptr inbounds %XLA_CPU_KernelArg, ptr %3, i32 3, i32 0
  %11 = load ptr, ptr %10, align 8, !invariant.load !3, !dereferenceable !6
  %12 = getelementptr inbounds %XLA_CPU_KernelArg, ptr %3, i32 4, i32 0
  %13 = load ptr, ptr %12, align 8, !invariant.load !3, !dereferenceable !7
  %14 = getelementptr inbounds %XLA_CPU_KernelCallFrame, ptr %0, i32 0, i32 1
  %15 = load ptr, ptr %14, align 8
  %16 = getelementptr inbounds %kernel_dim3, ptr %15, i32 0, i32 0
  %17 = load i64, ptr %16, align 4, !invariant.load !3
  %18 = getelementptr inbounds %kernel_dim3, ptr %15, i32 0, i32 1
  %19 = load i64, ptr %18, align 4, !invariant.load !3
  %20 = getelementptr inbounds %kernel_dim3, ptr %15, i32 0, i32 2
  %21 = load i64, ptr %20, align 4, !invariant.load !3
  call void @reduce_multiply_fusion.1_wrapped(ptr %5, ptr %7, ptr %9, ptr %11, ptr %13, i64 %17, i64 %19, i64 %21)
  ret ptr null
}

; Function Attrs: alwaysinline
define internal void @reduce_multiply_fusion.1_wrapped(ptr noalias align 64 dereferenceable(32) %0, ptr noalias align 64 dereferenceable(32) %1, ptr noalias align 64 dereferenceable(512) %2, ptr noalias align 64 dereferenceable(64) %3, ptr noalias align 64 dereferenceable(4) %4, i64 %5, i64 %6, i64 %7) #1 {
  br label %9

9:                                                ; preds = %29, %8
  %10 = phi i64 [ %52, %29 ], [ 0, %8 ]
  %11 = phi float [ %51, %29 ], [ 0.000000e+00, %8 ]
  %12 = icmp slt i64 %10, 8
  br i1 %12, label %13, label %53

13:                                               ; preds = %9
  %14 = getelementptr inbounds [8 x float], ptr %1, i32 0, i64 %10
  %15 = load float, ptr %14, align 4, !invariant.load !3
  %16 = call float @llvm.fabs.f32(float %15)
  %17 = fcmp one float %16, +inf
  %18 = select i1 %17, float %15, float 0.000000e+00
  br label %19

19:                                               ; preds = %23, %13
  %20 = phi i64 [ %28, %23 ], [ 0, %13 ]
  %21 = phi float [ %27, %23 ], [ 0.000000e+00, %13 ]
  %22 = icmp slt i64 %20, 16
  br i1 %22, label %23, label %29

23:                                               ; preds = %19
  %24 = call float @fused_computation_4_add_4(ptr %0, ptr %1, ptr %2, ptr %3, i64 %10, i64 %20)
  %25 = fsub float %24, %18
  %26 = call float @llvm.exp.f32(float %25)
  %27 = fadd reassoc float %21, %26
  %28 = add i64 %20, 1
  br label %19

29:                                               ; preds = %19
  %30 = call float @llvm.fabs.f32(float %21)
  %31 = call float @llvm.log.f32(float %30)
  %32 = fadd float %31, %18
  %33 = getelementptr inbounds [8 x i32], ptr %0, i32 0, i64 %10
  %34 = load i32, ptr %33, align 4, !invariant.load !3
  %35 = icmp slt i32 %34, 0
  %36 = add i32 %34, 16
  %37 = select i1 %35, i32 %36, i32 %34
  %38 = icmp sge i32 %37, 0
  %39 = icmp sle i32 %37, 15
  %40 = and i1 %38, %39
  %41 = trunc i64 %10 to i32
  %42 = sext i32 %41 to i64
  %43 = call i64 @llvm.smin.i64(i64 %42, i64 7)
  %44 = call i64 @llvm.smax.i64(i64 %43, i64 0)
  %45 = sext i32 %37 to i64
  %46 = call i64 @llvm.smin.i64(i64 %45, i64 15)
  %47 = call i64 @llvm.smax.i64(i64 %46, i64 0)
  %48 = call float @fused_computation_4_add_4(ptr %0, ptr %1, ptr %2, ptr %3, i64 %44, i64 %47)
  %49 = select i1 %40, float %48, float +qnan
  %50 = fsub float %32, %49
  %51 = fadd reassoc float %11, %50
  %52 = add i64 %10, 1
  br label %9, !llvm.loop !8

53:                                               ; preds = %9
  %54 = fmul float %11, 1.250000e-01
  %55 = getelementptr inbounds [1 x float], ptr %4, i32 0, i32 0
  store float %54, ptr %55, align 4
  ret void
}

define internal float @fused_computation_4_add_4(ptr noalias %0, ptr noalias %1, ptr noalias %2, ptr noalias %3, i64 %4, i64 %5) {
  %7 = mul nsw i64 %4, 16
  %8 = add nsw i64 %7, %5
  %9 = getelementptr inbounds [128 x float], ptr %2, i32 0, i64 %8
  %10 = load float, ptr %9, align 4, !invariant.load !3
  %11 = getelementptr inbounds [16 x float], ptr %3, i32 0, i64 %5
  %12 = load float, ptr %11, align 4, !invariant.load !3
  %13 = fadd float %10, %12
  ret float %13
}

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.fabs.f32(float) #2

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.log.f32(float) #2

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.smin.i64(i64, i64) #2

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.smax.i64(i64, i64) #2

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.exp.f32(float) #2

attributes #0 = { uwtable "frame-pointer"="all" "prefer-vector-width"="256" }
attributes #1 = { alwaysinline }
attributes #2 = { nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }

!llvm.module.flags = !{!0, !1}
!xla_cpu_memory_region_name = !{!2}

!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = !{i32 1, !"xla_dylib_index", i64 3}
!2 = !{!"xla_cpu_emitter__loop_fusion_kernel_emitter__hlo_opcode__fusion"}
!3 = !{}
!4 = !{i64 32}
!5 = !{i64 512}
!6 = !{i64 64}
!7 = !{i64 4}
!8 = distinct !{!8, !9}
!9 = !{!"llvm.loop.unroll.disable"}
