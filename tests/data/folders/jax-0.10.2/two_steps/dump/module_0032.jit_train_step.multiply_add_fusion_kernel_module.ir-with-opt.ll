; ModuleID = '__compute_module_multiply_add_fusion_kernel_module'
source_filename = "__compute_module_multiply_add_fusion_kernel_module"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Function Attrs: nofree norecurse nosync nounwind memory(readwrite, target_mem: none) uwtable
define noalias noundef ptr @multiply_add_fusion(ptr nofree readonly captures(none) %0) local_unnamed_addr #0 {
  %2 = getelementptr inbounds nuw i8, ptr %0, i64 24
  %3 = load ptr, ptr %2, align 8, !invariant.load !3
  %4 = load ptr, ptr %3, align 8, !invariant.load !3, !dereferenceable !4
  %5 = getelementptr inbounds nuw i8, ptr %3, i64 16
  %6 = load ptr, ptr %5, align 8, !invariant.load !3, !dereferenceable !4
  %7 = getelementptr inbounds nuw i8, ptr %3, i64 32
  %8 = load ptr, ptr %7, align 8, !invariant.load !3, !dereferenceable !4
  tail call void @llvm.experimental.noalias.scope.decl(metadata !5)
  tail call void @llvm.experimental.noalias.scope.decl(metadata !8)
  tail call void @llvm.experimental.noalias.scope.decl(metadata !10)
  br label %9

9:                                                ; preds = %1, %9
  %10 = phi i64 [ 0, %1 ], [ %139, %9 ]
  %11 = shl nuw nsw i64 %10, 4
  %12 = getelementptr inbounds nuw [4 x i8], ptr %6, i64 %11
  %13 = load float, ptr %12, align 4, !invariant.load !3, !alias.scope !8, !noalias !12
  %14 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %11
  %15 = load float, ptr %14, align 4, !invariant.load !3, !alias.scope !5, !noalias !13
  %16 = fmul float %13, 1.000000e-01
  %17 = fsub float %15, %16
  %18 = getelementptr inbounds nuw [4 x i8], ptr %8, i64 %11
  store float %17, ptr %18, align 4, !alias.scope !10, !noalias !14
  %19 = or disjoint i64 %11, 1
  %20 = getelementptr inbounds nuw [4 x i8], ptr %6, i64 %19
  %21 = load float, ptr %20, align 4, !invariant.load !3, !alias.scope !8, !noalias !12
  %22 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %19
  %23 = load float, ptr %22, align 4, !invariant.load !3, !alias.scope !5, !noalias !13
  %24 = fmul float %21, 1.000000e-01
  %25 = fsub float %23, %24
  %26 = getelementptr inbounds nuw [4 x i8], ptr %8, i64 %19
  store float %25, ptr %26, align 4, !alias.scope !10, !noalias !14
  %27 = or disjoint i64 %11, 2
  %28 = getelementptr inbounds nuw [4 x i8], ptr %6, i64 %27
  %29 = load float, ptr %28, align 4, !invariant.load !3, !alias.scope !8, !noalias !12
  %30 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %27
  %31 = load float, ptr %30, align 4, !invariant.load !3, !alias.scope !5, !noalias !13
  %32 = fmul float %29, 1.000000e-01
  %33 = fsub float %31, %32
  %34 = getelementptr inbounds nuw [4 x i8], ptr %8, i64 %27
  store float %33, ptr %34, align 4, !alias.scope !10, !noalias !14
  %35 = or disjoint i64 %11, 3
  %36 = getelementptr inbounds nuw [4 x i8], ptr %6, i64 %35
  %37 = load float, ptr %36, align 4, !invariant.load !3, !alias.scope !8, !noalias !12
  %38 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %35
  %39 = load float, ptr %38, align 4, !invariant.load !3, !alias.scope !5, !noalias !13
  %40 = fmul float %37, 1.000000e-01
  %41 = fsub float %39, %40
  %42 = getelementptr inbounds nuw [4 x i8], ptr %8, i64 %35
  store float %41, ptr %42, align 4, !alias.scope !10, !noalias !14
  %43 = or disjoint i64 %11, 4
  %44 = getelementptr inbounds nuw [4 x i8], ptr %6, i64 %43
  %45 = load float, ptr %44, align 4, !invariant.load !3, !alias.scope !8, !noalias !12
  %46 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %43
  %47 = load float, ptr %46, align 4, !invariant.load !3, !alias.scope !5, !noalias !13
  %48 = fmul float %45, 1.000000e-01
  %49 = fsub float %47, %48
  %50 = getelementptr inbounds nuw [4 x i8], ptr %8, i64 %43
  store float %49, ptr %50, align 4, !alias.scope !10, !noalias !14
  %51 = or disjoint i64 %11, 5
  %52 = getelementptr inbounds nuw [4 x i8], ptr %6, i64 %51
  %53 = load float, ptr %52, align 4, !invariant.load !3, !alias.scope !8, !noalias !12
  %54 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %51
  %55 = load float, ptr %54, align 4, !invariant.load !3, !alias.scope !5, !noalias !13
  %56 = fmul float %53, 1.000000e-01
  %57 = fsub float %55, %56
  %58 = getelementptr inbounds nuw [4 x i8], ptr %8, i64 %51
  store float %57, ptr %58, align 4, !alias.scope !10, !noalias !14
  %59 = or disjoint i64 %11, 6
  %60 = getelementptr inbounds nuw [4 x i8], ptr %6, i64 %59
  %61 = load float, ptr %60, align 4, !invariant.load !3, !alias.scope !8, !noalias !12
  %62 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %59
  %63 = load float, ptr %62, align 4, !invariant.load !3, !alias.scope !5, !noalias !13
  %64 = fmul float %61, 1.000000e-01
  %65 = fsub float %63, %64
  %66 = getelementptr inbounds nuw [4 x i8], ptr %8, i64 %59
  store float %65, ptr %66, align 4, !alias.scope !10, !noalias !14
  %67 = or disjoint i64 %11, 7
  %68 = getelementptr inbounds nuw [4 x i8], ptr %6, i64 %67
  %69 = load float, ptr %68, align 4, !invariant.load !3, !alias.scope !8, !noalias !12
  %70 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %67
  %71 = load float, ptr %70, align 4, !invariant.load !3, !alias.scope !5, !noalias !13
  %72 = fmul float %69, 1.000000e-01
  %73 = fsub float %71, %72
  %74 = getelementptr inbounds nuw [4 x i8], ptr %8, i64 %67
  store float %73, ptr %74, align 4, !alias.scope !10, !noalias !14
  %75 = or disjoint i64 %11, 8
  %76 = getelementptr inbounds nuw [4 x i8], ptr %6, i64 %75
  %77 = load float, ptr %76, align 4, !invariant.load !3, !alias.scope !8, !noalias !12
  %78 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %75
  %79 = load float, ptr %78, align 4, !invariant.load !3, !alias.scope !5, !noalias !13
  %80 = fmul float %77, 1.000000e-01
  %81 = fsub float %79, %80
  %82 = getelementptr inbounds nuw [4 x i8], ptr %8, i64 %75
  store float %81, ptr %82, align 4, !alias.scope !10, !noalias !14
  %83 = or disjoint i64 %11, 9
  %84 = getelementptr inbounds nuw [4 x i8], ptr %6, i64 %83
  %85 = load float, ptr %84, align 4, !invariant.load !3, !alias.scope !8, !noalias !12
  %86 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %83
  %87 = load float, ptr %86, align 4, !invariant.load !3, !alias.scope !5, !noalias !13
  %88 = fmul float %85, 1.000000e-01
  %89 = fsub float %87, %88
  %90 = getelementptr inbounds nuw [4 x i8], ptr %8, i64 %83
  store float %89, ptr %90, align 4, !alias.scope !10, !noalias !14
  %91 = or disjoint i64 %11, 10
  %92 = getelementptr inbounds nuw [4 x i8], ptr %6, i64 %91
  %93 = load float, ptr %92, align 4, !invariant.load !3, !alias.scope !8, !noalias !12
  %94 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %91
  %95 = load float, ptr %94, align 4, !invariant.load !3, !alias.scope !5, !noalias !13
  %96 = fmul float %93, 1.000000e-01
  %97 = fsub float %95, %96
  %98 = getelementptr inbounds nuw [4 x i8], ptr %8, i64 %91
  store float %97, ptr %98, align 4, !alias.scope !10, !noalias !14
  %99 = or disjoint i64 %11, 11
  %100 = getelementptr inbounds nuw [4 x i8], ptr %6, i64 %99
  %101 = load float, ptr %100, align 4, !invariant.load !3, !alias.scope !8, !noalias !12
  %102 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %99
  %103 = load float, ptr %102, align 4, !invariant.load !3, !alias.scope !5, !noalias !13
  %104 = fmul float %101, 1.000000e-01
  %105 = fsub float %103, %104
  %106 = getelementptr inbounds nuw [4 x i8], ptr %8, i64 %99
  store float %105, ptr %106, align 4, !alias.scope !10, !noalias !14
  %107 = or disjoint i64 %11, 12
  %108 = getelementptr inbounds nuw [4 x i8], ptr %6, i64 %107
  %109 = load float, ptr %108, align 4, !invariant.load !3, !alias.scope !8, !noalias !12
  %110 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %107
  %111 = load float, ptr %110, align 4, !invariant.load !3, !alias.scope !5, !noalias !13
  %112 = fmul float %109, 1.000000e-01
  %113 = fsub float %111, %112
  %114 = getelementptr inbounds nuw [4 x i8], ptr %8, i64 %107
  store float %113, ptr %114, align 4, !alias.scope !10, !noalias !14
  %115 = or disjoint i64 %11, 13
  %116 = getelementptr inbounds nuw [4 x i8], ptr %6, i64 %115
  %117 = load float, ptr %116, align 4, !invariant.load !3, !alias.scope !8, !noalias !12
  %118 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %115
  %119 = load float, ptr %118, align 4, !invariant.load !3, !alias.scope !5, !noalias !13
  %120 = fmul float %117, 1.000000e-01
  %121 = fsub float %119, %120
  %122 = getelementptr inbounds nuw [4 x i8], ptr %8, i64 %115
  store float %121, ptr %122, align 4, !alias.scope !10, !noalias !14
  %123 = or disjoint i64 %11, 14
  %124 = getelementptr inbounds nuw [4 x i8], ptr %6, i64 %123
  %125 = load float, ptr %124, align 4, !invariant.load !3, !alias.scope !8, !noalias !12
  %126 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %123
  %127 = load float, ptr %126, align 4, !invariant.load !3, !alias.scope !5, !noalias !13
  %128 = fmul float %125, 1.000000e-01
  %129 = fsub float %127, %128
  %130 = getelementptr inbounds nuw [4 x i8], ptr %8, i64 %123
  store float %129, ptr %130, align 4, !alias.scope !10, !noalias !14
  %131 = or disjoint i64 %11, 15
  %132 = getelementptr inbounds nuw [4 x i8], ptr %6, i64 %131
  %133 = load float, ptr %132, align 4, !invariant.load !3, !alias.scope !8, !noalias !12
  %134 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %131
  %135 = load float, ptr %134, align 4, !invariant.load !3, !alias.scope !5, !noalias !13
  %136 = fmul float %133, 1.000000e-01
  %137 = fsub float %135, %136
  %138 = getelementptr inbounds nuw [4 x i8], ptr %8, i64 %131
  store float %137, ptr %138, align 4, !alias.scope !10, !noalias !14
  %139 = add nuw nsw i64 %10, 1
  %exitcond.not = icmp eq i64 %139, 16
  br i1 %exitcond.not, label %multiply_add_fusion_wrapped.exit, label %9, !llvm.loop !15

multiply_add_fusion_wrapped.exit:                 ; preds = %9
  ret ptr null
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: readwrite)
declare void @llvm.experimental.noalias.scope.decl(metadata) #1

attributes #0 = { nofree norecurse nosync nounwind memory(readwrite, target_mem: none) uwtable "frame-pointer"="all" "prefer-vector-width"="256" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: readwrite) }

!llvm.module.flags = !{!0, !1}
!xla_cpu_memory_region_name = !{!2}

!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = !{i32 1, !"xla_dylib_index", i64 9}
!2 = !{!"xla_cpu_emitter__loop_fusion_kernel_emitter__hlo_opcode__fusion"}
!3 = !{}
!4 = !{i64 1024}
!5 = !{!6}
!6 = distinct !{!6, !7, !"multiply_add_fusion_wrapped: argument 0"}
!7 = distinct !{!7, !"multiply_add_fusion_wrapped"}
!8 = !{!9}
!9 = distinct !{!9, !7, !"multiply_add_fusion_wrapped: argument 1"}
!10 = !{!11}
!11 = distinct !{!11, !7, !"multiply_add_fusion_wrapped: argument 2"}
!12 = !{!6, !11}
!13 = !{!9, !11}
!14 = !{!6, !9}
!15 = distinct !{!15, !16}
!16 = !{!"llvm.loop.unroll.disable"}
