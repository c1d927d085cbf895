; ModuleID = '__compute_module_broadcast_maximum_fusion_kernel_module'
source_filename = "__compute_module_broadcast_maximum_fusion_kernel_module"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Function Attrs: nofree norecurse nosync nounwind memory(readwrite, target_mem: none) uwtable
define noalias noundef ptr @broadcast_maximum_fusion(ptr nofree readonly captures(none) %0) local_unnamed_addr #0 {
  %2 = getelementptr inbounds nuw i8, ptr %0, i64 24
  %3 = load ptr, ptr %2, align 8, !invariant.load !3
  %4 = load ptr, ptr %3, align 8, !invariant.load !3, !dereferenceable !4
  %5 = getelementptr inbounds nuw i8, ptr %3, i64 16
  %6 = load ptr, ptr %5, align 8, !invariant.load !3, !dereferenceable !4
  tail call void @llvm.experimental.noalias.scope.decl(metadata !5)
  tail call void @llvm.experimental.noalias.scope.decl(metadata !8)
  br label %7

7:                                                ; preds = %1, %7
  %8 = phi i64 [ 0, %1 ], [ %89, %7 ]
  %9 = shl nuw nsw i64 %8, 4
  %10 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %9
  %11 = load float, ptr %10, align 4, !invariant.load !3, !alias.scope !5, !noalias !8
  %12 = tail call float @llvm.maximum.f32(float %11, float 0.000000e+00)
  %13 = getelementptr inbounds nuw [4 x i8], ptr %6, i64 %9
  store float %12, ptr %13, align 4, !alias.scope !8, !noalias !5
  %14 = or disjoint i64 %9, 1
  %15 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %14
  %16 = load float, ptr %15, align 4, !invariant.load !3, !alias.scope !5, !noalias !8
  %17 = tail call float @llvm.maximum.f32(float %16, float 0.000000e+00)
  %18 = getelementptr inbounds nuw [4 x i8], ptr %6, i64 %14
  store float %17, ptr %18, align 4, !alias.scope !8, !noalias !5
  %19 = or disjoint i64 %9, 2
  %20 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %19
  %21 = load float, ptr %20, align 4, !invariant.load !3, !alias.scope !5, !noalias !8
  %22 = tail call float @llvm.maximum.f32(float %21, float 0.000000e+00)
  %23 = getelementptr inbounds nuw [4 x i8], ptr %6, i64 %19
  store float %22, ptr %23, align 4, !alias.scope !8, !noalias !5
  %24 = or disjoint i64 %9, 3
  %25 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %24
  %26 = load float, ptr %25, align 4, !invariant.load !3, !alias.scope !5, !noalias !8
  %27 = tail call float @llvm.maximum.f32(float %26, float 0.000000e+00)
  %28 = getelementptr inbounds nuw [4 x i8], ptr %6, i64 %24
  store float %27, ptr %28, align 4, !alias.scope !8, !noalias !5
  %29 = or disjoint i64 %9, 4
  %30 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %29
  %31 = load float, ptr %30, align 4, !invariant.load !3, !alias.scope !5, !noalias !8
  %32 = tail call float @llvm.maximum.f32(float %31, float 0.000000e+00)
  %33 = getelementptr inbounds nuw [4 x i8], ptr %6, i64 %29
  store float %32, ptr %33, align 4, !alias.scope !8, !noalias !5
  %34 = or disjoint i64 %9, 5
  %35 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %34
  %36 = load float, ptr %35, align 4, !invariant.load !3, !alias.scope !5, !noalias !8
  %37 = tail call float @llvm.maximum.f32(float %36, float 0.000000e+00)
  %38 = getelementptr inbounds nuw [4 x i8], ptr %6, i64 %34
  store float %37, ptr %38, align 4, !alias.scope !8, !noalias !5
  %39 = or disjoint i64 %9, 6
  %40 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %39
  %41 = load float, ptr %40, align 4, !invariant.load !3, !alias.scope !5, !noalias !8
  %42 = tail call float @llvm.maximum.f32(float %41, float 0.000000e+00)
  %43 = getelementptr inbounds nuw [4 x i8], ptr %6, i64 %39
  store float %42, ptr %43, align 4, !alias.scope !8, !noalias !5
  %44 = or disjoint i64 %9, 7
  %45 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %44
  %46 = load float, ptr %45, align 4, !invariant.load !3, !alias.scope !5, !noalias !8
  %47 = tail call float @llvm.maximum.f32(float %46, float 0.000000e+00)
  %48 = getelementptr inbounds nuw [4 x i8], ptr %6, i64 %44
  store float %47, ptr %48, align 4, !alias.scope !8, !noalias !5
  %49 = or disjoint i64 %9, 8
  %50 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %49
  %51 = load float, ptr %50, align 4, !invariant.load !3, !alias.scope !5, !noalias !8
  %52 = tail call float @llvm.maximum.f32(float %51, float 0.000000e+00)
  %53 = getelementptr inbounds nuw [4 x i8], ptr %6, i64 %49
  store float %52, ptr %53, align 4, !alias.scope !8, !noalias !5
  %54 = or disjoint i64 %9, 9
  %55 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %54
  %56 = load float, ptr %55, align 4, !invariant.load !3, !alias.scope !5, !noalias !8
  %57 = tail call float @llvm.maximum.f32(float %56, float 0.000000e+00)
  %58 = getelementptr inbounds nuw [4 x i8], ptr %6, i64 %54
  store float %57, ptr %58, align 4, !alias.scope !8, !noalias !5
  %59 = or disjoint i64 %9, 10
  %60 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %59
  %61 = load float, ptr %60, align 4, !invariant.load !3, !alias.scope !5, !noalias !8
  %62 = tail call float @llvm.maximum.f32(float %61, float 0.000000e+00)
  %63 = getelementptr inbounds nuw [4 x i8], ptr %6, i64 %59
  store float %62, ptr %63, align 4, !alias.scope !8, !noalias !5
  %64 = or disjoint i64 %9, 11
  %65 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %64
  %66 = load float, ptr %65, align 4, !invariant.load !3, !alias.scope !5, !noalias !8
  %67 = tail call float @llvm.maximum.f32(float %66, float 0.000000e+00)
  %68 = getelementptr inbounds nuw [4 x i8], ptr %6, i64 %64
  store float %67, ptr %68, align 4, !alias.scope !8, !noalias !5
  %69 = or disjoint i64 %9, 12
  %70 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %69
  %71 = load float, ptr %70, align 4, !invariant.load !3, !alias.scope !5, !noalias !8
  %72 = tail call float @llvm.maximum.f32(float %71, float 0.000000e+00)
  %73 = getelementptr inbounds nuw [4 x i8], ptr %6, i64 %69
  store float %72, ptr %73, align 4, !alias.scope !8, !noalias !5
  %74 = or disjoint i64 %9, 13
  %75 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %74
  %76 = load float, ptr %75, align 4, !invariant.load !3, !alias.scope !5, !noalias !8
  %77 = tail call float @llvm.maximum.f32(float %76, float 0.000000e+00)
  %78 = getelementptr inbounds nuw [4 x i8], ptr %6, i64 %74
  store float %77, ptr %78, align 4, !alias.scope !8, !noalias !5
  %79 = or disjoint i64 %9, 14
  %80 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %79
  %81 = load float, ptr %80, align 4, !invariant.load !3, !alias.scope !5, !noalias !8
  %82 = tail call float @llvm.maximum.f32(float %81, float 0.000000e+00)
  %83 = getelementptr inbounds nuw [4 x i8], ptr %6, i64 %79
  store float %82, ptr %83, align 4, !alias.scope !8, !noalias !5
  %84 = or disjoint i64 %9, 15
  %85 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %84
  %86 = load float, ptr %85, align 4, !invariant.load !3, !alias.scope !5, !noalias !8
  %87 = tail call float @llvm.maximum.f32(float %86, float 0.000000e+00)
  %88 = getelementptr inbounds nuw [4 x i8], ptr %6, i64 %84
  store float %87, ptr %88, align 4, !alias.scope !8, !noalias !5
  %89 = add nuw nsw i64 %8, 1
  %exitcond.not = icmp eq i64 %89, 8
  br i1 %exitcond.not, label %broadcast_maximum_fusion_wrapped.exit, label %7, !llvm.loop !10

broadcast_maximum_fusion_wrapped.exit:            ; preds = %7
  ret ptr null
}

; Function Attrs: mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.maximum.f32(float, float) #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: readwrite)
declare void @llvm.experimental.noalias.scope.decl(metadata) #2

attributes #0 = { nofree norecurse nosync nounwind memory(readwrite, target_mem: none) uwtable "frame-pointer"="all" "prefer-vector-width"="256" }
attributes #1 = { mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { mustprogress nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: readwrite) }

!llvm.module.flags = !{!0, !1}
!xla_cpu_memory_region_name = !{!2}

!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = !{i32 1, !"xla_dylib_index", i64 0}
!2 = !{!"xla_cpu_emitter__loop_fusion_kernel_emitter__hlo_opcode__fusion"}
!3 = !{}
!4 = !{i64 512}
!5 = !{!6}
!6 = distinct !{!6, !7, !"broadcast_maximum_fusion_wrapped: argument 0"}
!7 = distinct !{!7, !"broadcast_maximum_fusion_wrapped"}
!8 = !{!9}
!9 = distinct !{!9, !7, !"broadcast_maximum_fusion_wrapped: argument 1"}
!10 = distinct !{!10, !11}
!11 = !{!"llvm.loop.unroll.disable"}
