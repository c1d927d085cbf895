; ModuleID = '__compute_module_broadcast_select_fusion_kernel_module'
source_filename = "__compute_module_broadcast_select_fusion_kernel_module"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(readwrite, inaccessiblemem: none, target_mem: none) uwtable
define noalias noundef ptr @broadcast_select_fusion(ptr nofree readonly captures(none) %0) local_unnamed_addr #0 {
broadcast_select_fusion_wrapped.exit:
  %1 = getelementptr inbounds nuw i8, ptr %0, i64 24
  %2 = load ptr, ptr %1, align 8, !invariant.load !3
  %3 = load ptr, ptr %2, align 8, !invariant.load !3, !dereferenceable !4
  %4 = load float, ptr %3, align 4, !alias.scope !5
  %5 = tail call float @llvm.fabs.f32(float %4)
  %6 = fcmp one float %5, +inf
  %7 = select i1 %6, float %4, float 0.000000e+00
  store float %7, ptr %3, align 4, !alias.scope !5
  %8 = getelementptr inbounds nuw i8, ptr %3, i64 4
  %9 = load float, ptr %8, align 4, !alias.scope !5
  %10 = tail call float @llvm.fabs.f32(float %9)
  %11 = fcmp one float %10, +inf
  %12 = select i1 %11, float %9, float 0.000000e+00
  store float %12, ptr %8, align 4, !alias.scope !5
  %13 = getelementptr inbounds nuw i8, ptr %3, i64 8
  %14 = load float, ptr %13, align 4, !alias.scope !5
  %15 = tail call float @llvm.fabs.f32(float %14)
  %16 = fcmp one float %15, +inf
  %17 = select i1 %16, float %14, float 0.000000e+00
  store float %17, ptr %13, align 4, !alias.scope !5
  %18 = getelementptr inbounds nuw i8, ptr %3, i64 12
  %19 = load float, ptr %18, align 4, !alias.scope !5
  %20 = tail call float @llvm.fabs.f32(float %19)
  %21 = fcmp one float %20, +inf
  %22 = select i1 %21, float %19, float 0.000000e+00
  store float %22, ptr %18, align 4, !alias.scope !5
  %23 = getelementptr inbounds nuw i8, ptr %3, i64 16
  %24 = load float, ptr %23, align 4, !alias.scope !5
  %25 = tail call float @llvm.fabs.f32(float %24)
  %26 = fcmp one float %25, +inf
  %27 = select i1 %26, float %24, float 0.000000e+00
  store float %27, ptr %23, align 4, !alias.scope !5
  %28 = getelementptr inbounds nuw i8, ptr %3, i64 20
  %29 = load float, ptr %28, align 4, !alias.scope !5
  %30 = tail call float @llvm.fabs.f32(float %29)
  %31 = fcmp one float %30, +inf
  %32 = select i1 %31, float %29, float 0.000000e+00
  store float %32, ptr %28, align 4, !alias.scope !5
  %33 = getelementptr inbounds nuw i8, ptr %3, i64 24
  %34 = load float, ptr %33, align 4, !alias.scope !5
  %35 = tail call float @llvm.fabs.f32(float %34)
  %36 = fcmp one float %35, +inf
  %37 = select i1 %36, float %34, float 0.000000e+00
  store float %37, ptr %33, align 4, !alias.scope !5
  %38 = getelementptr inbounds nuw i8, ptr %3, i64 28
  %39 = load float, ptr %38, align 4, !alias.scope !5
  %40 = tail call float @llvm.fabs.f32(float %39)
  %41 = fcmp one float %40, +inf
  %42 = select i1 %41, float %39, float 0.000000e+00
  store float %42, ptr %38, align 4, !alias.scope !5
  ret ptr null
}

; Function Attrs: mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.fabs.f32(float) #1

attributes #0 = { mustprogress nofree norecurse nosync nounwind willreturn memory(readwrite, inaccessiblemem: none, target_mem: none) uwtable "frame-pointer"="all" "prefer-vector-width"="256" }
attributes #1 = { mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }

!llvm.module.flags = !{!0, !1}
!xla_cpu_memory_region_name = !{!2}

!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = !{i32 1, !"xla_dylib_index", i64 6}
!2 = !{!"xla_cpu_emitter__loop_fusion_kernel_emitter__hlo_opcode__fusion"}
!3 = !{}
!4 = !{i64 32}
!5 = !{!6}
!6 = distinct !{!6, !7, !"broadcast_select_fusion_wrapped: argument 0"}
!7 = distinct !{!7, !"broadcast_select_fusion_wrapped"}
