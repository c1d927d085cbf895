; ModuleID = '__compute_module_broadcast_multiply_fusion_kernel_module'
source_filename = "__compute_module_broadcast_multiply_fusion_kernel_module"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Function Attrs: nofree norecurse nosync nounwind memory(readwrite, target_mem: none) uwtable
define noalias noundef ptr @broadcast_multiply_fusion(ptr nofree readonly captures(none) %0) local_unnamed_addr #0 {
  %2 = getelementptr inbounds nuw i8, ptr %0, i64 24
  %3 = load ptr, ptr %2, align 8, !invariant.load !3
  %4 = load ptr, ptr %3, align 8, !invariant.load !3, !dereferenceable !4
  %5 = getelementptr inbounds nuw i8, ptr %3, i64 16
  %6 = load ptr, ptr %5, align 8, !invariant.load !3, !dereferenceable !5
  %7 = getelementptr inbounds nuw i8, ptr %3, i64 32
  %8 = load ptr, ptr %7, align 8, !invariant.load !3, !dereferenceable !5
  %9 = getelementptr inbounds nuw i8, ptr %3, i64 48
  %10 = load ptr, ptr %9, align 8, !invariant.load !3, !dereferenceable !4
  tail call void @llvm.experimental.noalias.scope.decl(metadata !6)
  tail call void @llvm.experimental.noalias.scope.decl(metadata !9)
  tail call void @llvm.experimental.noalias.scope.decl(metadata !11)
  tail call void @llvm.experimental.noalias.scope.decl(metadata !13)
  br label %11

11:                                               ; preds = %1, %11
  %12 = phi i64 [ 0, %1 ], [ %100, %11 ]
  %13 = getelementptr inbounds nuw [4 x i8], ptr %8, i64 %12
  %14 = load float, ptr %13, align 4, !invariant.load !3, !alias.scope !11, !noalias !15
  %15 = fcmp oge float %14, 0.000000e+00
  %16 = getelementptr inbounds nuw [4 x i8], ptr %6, i64 %12
  %17 = load float, ptr %16, align 4, !invariant.load !3, !alias.scope !9, !noalias !16
  %18 = fsub float 0.000000e+00, %17
  %19 = select i1 %15, float %17, float %18
  %20 = shl nuw nsw i64 %12, 4
  %21 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %20
  %22 = load float, ptr %21, align 4, !invariant.load !3, !alias.scope !6, !noalias !17
  %23 = fmul float %19, %22
  %24 = getelementptr inbounds nuw [4 x i8], ptr %10, i64 %20
  store float %23, ptr %24, align 4, !alias.scope !13, !noalias !18
  %25 = or disjoint i64 %20, 1
  %26 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %25
  %27 = load float, ptr %26, align 4, !invariant.load !3, !alias.scope !6, !noalias !17
  %28 = fmul float %19, %27
  %29 = getelementptr inbounds nuw [4 x i8], ptr %10, i64 %25
  store float %28, ptr %29, align 4, !alias.scope !13, !noalias !18
  %30 = or disjoint i64 %20, 2
  %31 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %30
  %32 = load float, ptr %31, align 4, !invariant.load !3, !alias.scope !6, !noalias !17
  %33 = fmul float %19, %32
  %34 = getelementptr inbounds nuw [4 x i8], ptr %10, i64 %30
  store float %33, ptr %34, align 4, !alias.scope !13, !noalias !18
  %35 = or disjoint i64 %20, 3
  %36 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %35
  %37 = load float, ptr %36, align 4, !invariant.load !3, !alias.scope !6, !noalias !17
  %38 = fmul float %19, %37
  %39 = getelementptr inbounds nuw [4 x i8], ptr %10, i64 %35
  store float %38, ptr %39, align 4, !alias.scope !13, !noalias !18
  %40 = or disjoint i64 %20, 4
  %41 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %40
  %42 = load float, ptr %41, align 4, !invariant.load !3, !alias.scope !6, !noalias !17
  %43 = fmul float %19, %42
  %44 = getelementptr inbounds nuw [4 x i8], ptr %10, i64 %40
  store float %43, ptr %44, align 4, !alias.scope !13, !noalias !18
  %45 = or disjoint i64 %20, 5
  %46 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %45
  %47 = load float, ptr %46, align 4, !invariant.load !3, !alias.scope !6, !noalias !17
  %48 = fmul float %19, %47
  %49 = getelementptr inbounds nuw [4 x i8], ptr %10, i64 %45
  store float %48, ptr %49, align 4, !alias.scope !13, !noalias !18
  %50 = or disjoint i64 %20, 6
  %51 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %50
  %52 = load float, ptr %51, align 4, !invariant.load !3, !alias.scope !6, !noalias !17
  %53 = fmul float %19, %52
  %54 = getelementptr inbounds nuw [4 x i8], ptr %10, i64 %50
  store float %53, ptr %54, align 4, !alias.scope !13, !noalias !18
  %55 = or disjoint i64 %20, 7
  %56 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %55
  %57 = load float, ptr %56, align 4, !invariant.load !3, !alias.scope !6, !noalias !17
  %58 = fmul float %19, %57
  %59 = getelementptr inbounds nuw [4 x i8], ptr %10, i64 %55
  store float %58, ptr %59, align 4, !alias.scope !13, !noalias !18
  %60 = or disjoint i64 %20, 8
  %61 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %60
  %62 = load float, ptr %61, align 4, !invariant.load !3, !alias.scope !6, !noalias !17
  %63 = fmul float %19, %62
  %64 = getelementptr inbounds nuw [4 x i8], ptr %10, i64 %60
  store float %63, ptr %64, align 4, !alias.scope !13, !noalias !18
  %65 = or disjoint i64 %20, 9
  %66 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %65
  %67 = load float, ptr %66, align 4, !invariant.load !3, !alias.scope !6, !noalias !17
  %68 = fmul float %19, %67
  %69 = getelementptr inbounds nuw [4 x i8], ptr %10, i64 %65
  store float %68, ptr %69, align 4, !alias.scope !13, !noalias !18
  %70 = or disjoint i64 %20, 10
  %71 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %70
  %72 = load float, ptr %71, align 4, !invariant.load !3, !alias.scope !6, !noalias !17
  %73 = fmul float %19, %72
  %74 = getelementptr inbounds nuw [4 x i8], ptr %10, i64 %70
  store float %73, ptr %74, align 4, !alias.scope !13, !noalias !18
  %75 = or disjoint i64 %20, 11
  %76 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %75
  %77 = load float, ptr %76, align 4, !invariant.load !3, !alias.scope !6, !noalias !17
  %78 = fmul float %19, %77
  %79 = getelementptr inbounds nuw [4 x i8], ptr %10, i64 %75
  store float %78, ptr %79, align 4, !alias.scope !13, !noalias !18
  %80 = or disjoint i64 %20, 12
  %81 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %80
  %82 = load float, ptr %81, align 4, !invariant.load !3, !alias.scope !6, !noalias !17
  %83 = fmul float %19, %82
  %84 = getelementptr inbounds nuw [4 x i8], ptr %10, i64 %80
  store float %83, ptr %84, align 4, !alias.scope !13, !noalias !18
  %85 = or disjoint i64 %20, 13
  %86 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %85
  %87 = load float, ptr %86, align 4, !invariant.load !3, !alias.scope !6, !noalias !17
  %88 = fmul float %19, %87
  %89 = getelementptr inbounds nuw [4 x i8], ptr %10, i64 %85
  store float %88, ptr %89, align 4, !alias.scope !13, !noalias !18
  %90 = or disjoint i64 %20, 14
  %91 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %90
  %92 = load float, ptr %91, align 4, !invariant.load !3, !alias.scope !6, !noalias !17
  %93 = fmul float %19, %92
  %94 = getelementptr inbounds nuw [4 x i8], ptr %10, i64 %90
  store float %93, ptr %94, align 4, !alias.scope !13, !noalias !18
  %95 = or disjoint i64 %20, 15
  %96 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %95
  %97 = load float, ptr %96, align 4, !invariant.load !3, !alias.scope !6, !noalias !17
  %98 = fmul float %19, %97
  %99 = getelementptr inbounds nuw [4 x i8], ptr %10, i64 %95
  store float %98, ptr %99, align 4, !alias.scope !13, !noalias !18
  %100 = add nuw nsw i64 %12, 1
  %exitcond.not = icmp eq i64 %100, 8
  br i1 %exitcond.not, label %broadcast_multiply_fusion_wrapped.exit, label %11, !llvm.loop !19

broadcast_multiply_fusion_wrapped.exit:           ; preds = %11
  ret ptr null
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: readwrite)
declare void @llvm.experimental.noalias.scope.decl(metadata) #1

attributes #0 = { nofree norecurse nosync nounwind memory(readwrite, target_mem: none) uwtable "frame-pointer"="all" "prefer-vector-width"="256" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: readwrite) }

!llvm.module.flags = !{!0, !1}
!xla_cpu_memory_region_name = !{!2}

!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = !{i32 1, !"xla_dylib_index", i64 5}
!2 = !{!"xla_cpu_emitter__loop_fusion_kernel_emitter__hlo_opcode__fusion"}
!3 = !{}
!4 = !{i64 512}
!5 = !{i64 32}
!6 = !{!7}
!7 = distinct !{!7, !8, !"broadcast_multiply_fusion_wrapped: argument 0"}
!8 = distinct !{!8, !"broadcast_multiply_fusion_wrapped"}
!9 = !{!10}
!10 = distinct !{!10, !8, !"broadcast_multiply_fusion_wrapped: argument 1"}
!11 = !{!12}
!12 = distinct !{!12, !8, !"broadcast_multiply_fusion_wrapped: argument 2"}
!13 = !{!14}
!14 = distinct !{!14, !8, !"broadcast_multiply_fusion_wrapped: argument 3"}
!15 = !{!7, !10, !14}
!16 = !{!7, !12, !14}
!17 = !{!10, !12, !14}
!18 = !{!7, !10, !12}
!19 = distinct !{!19, !20}
!20 = !{!"llvm.loop.unroll.disable"}
