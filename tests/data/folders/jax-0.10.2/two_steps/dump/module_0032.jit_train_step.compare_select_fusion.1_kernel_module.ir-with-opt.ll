; ModuleID = '__compute_module_compare_select_fusion.1_kernel_module'
source_filename = "__compute_module_compare_select_fusion.1_kernel_module"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Function Attrs: nofree norecurse nosync nounwind memory(readwrite, target_mem: none) uwtable
define noalias noundef ptr @compare_select_fusion.1(ptr nofree readonly captures(none) %0) local_unnamed_addr #0 {
  %2 = getelementptr inbounds nuw i8, ptr %0, i64 24
  %3 = load ptr, ptr %2, align 8, !invariant.load !3
  %4 = load ptr, ptr %3, align 8, !invariant.load !3, !dereferenceable !4
  %5 = getelementptr inbounds nuw i8, ptr %3, i64 16
  %6 = load ptr, ptr %5, align 8, !invariant.load !3, !dereferenceable !4
  %7 = getelementptr inbounds nuw i8, ptr %3, i64 32
  %8 = load ptr, ptr %7, align 8, !invariant.load !3, !dereferenceable !5
  tail call void @llvm.experimental.noalias.scope.decl(metadata !6)
  tail call void @llvm.experimental.noalias.scope.decl(metadata !9)
  tail call void @llvm.experimental.noalias.scope.decl(metadata !11)
  %.phi.trans.insert = getelementptr inbounds nuw i8, ptr %8, i64 28
  %.pre = load float, ptr %.phi.trans.insert, align 4, !invariant.load !3, !alias.scope !11, !noalias !13
  %.phi.trans.insert2 = getelementptr inbounds nuw i8, ptr %8, i64 32
  %.pre3 = load float, ptr %.phi.trans.insert2, align 4, !invariant.load !3, !alias.scope !11, !noalias !13
  %9 = load float, ptr %8, align 4, !invariant.load !3, !alias.scope !11, !noalias !13
  %10 = getelementptr inbounds nuw i8, ptr %8, i64 4
  %11 = load float, ptr %10, align 4, !invariant.load !3, !alias.scope !11, !noalias !13
  %12 = getelementptr inbounds nuw i8, ptr %8, i64 8
  %13 = load float, ptr %12, align 4, !invariant.load !3, !alias.scope !11, !noalias !13
  %14 = getelementptr inbounds nuw i8, ptr %8, i64 12
  %15 = load float, ptr %14, align 4, !invariant.load !3, !alias.scope !11, !noalias !13
  %16 = getelementptr inbounds nuw i8, ptr %8, i64 16
  %17 = load float, ptr %16, align 4, !invariant.load !3, !alias.scope !11, !noalias !13
  %18 = getelementptr inbounds nuw i8, ptr %8, i64 20
  %19 = load float, ptr %18, align 4, !invariant.load !3, !alias.scope !11, !noalias !13
  %20 = getelementptr inbounds nuw i8, ptr %8, i64 24
  %21 = load float, ptr %20, align 4, !invariant.load !3, !alias.scope !11, !noalias !13
  %22 = getelementptr inbounds nuw i8, ptr %8, i64 36
  %23 = load float, ptr %22, align 4, !invariant.load !3, !alias.scope !11, !noalias !13
  %24 = getelementptr inbounds nuw i8, ptr %8, i64 40
  %25 = load float, ptr %24, align 4, !invariant.load !3, !alias.scope !11, !noalias !13
  %26 = getelementptr inbounds nuw i8, ptr %8, i64 44
  %27 = load float, ptr %26, align 4, !invariant.load !3, !alias.scope !11, !noalias !13
  %28 = getelementptr inbounds nuw i8, ptr %8, i64 48
  %29 = load float, ptr %28, align 4, !invariant.load !3, !alias.scope !11, !noalias !13
  %30 = getelementptr inbounds nuw i8, ptr %8, i64 52
  %31 = load float, ptr %30, align 4, !invariant.load !3, !alias.scope !11, !noalias !13
  %32 = getelementptr inbounds nuw i8, ptr %8, i64 56
  %33 = load float, ptr %32, align 4, !invariant.load !3, !alias.scope !11, !noalias !13
  %34 = getelementptr inbounds nuw i8, ptr %8, i64 60
  %35 = load float, ptr %34, align 4, !invariant.load !3, !alias.scope !11, !noalias !13
  br label %36

36:                                               ; preds = %1, %36
  %37 = phi i64 [ 0, %1 ], [ %166, %36 ]
  %38 = shl nuw nsw i64 %37, 4
  %39 = getelementptr inbounds nuw [4 x i8], ptr %6, i64 %38
  %40 = load float, ptr %39, align 4, !invariant.load !3, !alias.scope !9, !noalias !14
  %41 = fadd float %40, %9
  %42 = fcmp ogt float %41, 0.000000e+00
  %43 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %38
  %44 = load float, ptr %43, align 4, !alias.scope !6, !noalias !15
  %45 = select i1 %42, float %44, float 0.000000e+00
  store float %45, ptr %43, align 4, !alias.scope !6, !noalias !15
  %46 = or disjoint i64 %38, 1
  %47 = getelementptr inbounds nuw [4 x i8], ptr %6, i64 %46
  %48 = load float, ptr %47, align 4, !invariant.load !3, !alias.scope !9, !noalias !14
  %49 = fadd float %48, %11
  %50 = fcmp ogt float %49, 0.000000e+00
  %51 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %46
  %52 = load float, ptr %51, align 4, !alias.scope !6, !noalias !15
  %53 = select i1 %50, float %52, float 0.000000e+00
  store float %53, ptr %51, align 4, !alias.scope !6, !noalias !15
  %54 = or disjoint i64 %38, 2
  %55 = getelementptr inbounds nuw [4 x i8], ptr %6, i64 %54
  %56 = load float, ptr %55, align 4, !invariant.load !3, !alias.scope !9, !noalias !14
  %57 = fadd float %56, %13
  %58 = fcmp ogt float %57, 0.000000e+00
  %59 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %54
  %60 = load float, ptr %59, align 4, !alias.scope !6, !noalias !15
  %61 = select i1 %58, float %60, float 0.000000e+00
  store float %61, ptr %59, align 4, !alias.scope !6, !noalias !15
  %62 = or disjoint i64 %38, 3
  %63 = getelementptr inbounds nuw [4 x i8], ptr %6, i64 %62
  %64 = load float, ptr %63, align 4, !invariant.load !3, !alias.scope !9, !noalias !14
  %65 = fadd float %64, %15
  %66 = fcmp ogt float %65, 0.000000e+00
  %67 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %62
  %68 = load float, ptr %67, align 4, !alias.scope !6, !noalias !15
  %69 = select i1 %66, float %68, float 0.000000e+00
  store float %69, ptr %67, align 4, !alias.scope !6, !noalias !15
  %70 = or disjoint i64 %38, 4
  %71 = getelementptr inbounds nuw [4 x i8], ptr %6, i64 %70
  %72 = load float, ptr %71, align 4, !invariant.load !3, !alias.scope !9, !noalias !14
  %73 = fadd float %72, %17
  %74 = fcmp ogt float %73, 0.000000e+00
  %75 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %70
  %76 = load float, ptr %75, align 4, !alias.scope !6, !noalias !15
  %77 = select i1 %74, float %76, float 0.000000e+00
  store float %77, ptr %75, align 4, !alias.scope !6, !noalias !15
  %78 = or disjoint i64 %38, 5
  %79 = getelementptr inbounds nuw [4 x i8], ptr %6, i64 %78
  %80 = load float, ptr %79, align 4, !invariant.load !3, !alias.scope !9, !noalias !14
  %81 = fadd float %80, %19
  %82 = fcmp ogt float %81, 0.000000e+00
  %83 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %78
  %84 = load float, ptr %83, align 4, !alias.scope !6, !noalias !15
  %85 = select i1 %82, float %84, float 0.000000e+00
  store float %85, ptr %83, align 4, !alias.scope !6, !noalias !15
  %86 = or disjoint i64 %38, 6
  %87 = getelementptr inbounds nuw [4 x i8], ptr %6, i64 %86
  %88 = load float, ptr %87, align 4, !invariant.load !3, !alias.scope !9, !noalias !14
  %89 = fadd float %88, %21
  %90 = fcmp ogt float %89, 0.000000e+00
  %91 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %86
  %92 = load float, ptr %91, align 4, !alias.scope !6, !noalias !15
  %93 = select i1 %90, float %92, float 0.000000e+00
  store float %93, ptr %91, align 4, !alias.scope !6, !noalias !15
  %94 = or disjoint i64 %38, 7
  %95 = getelementptr inbounds nuw [4 x i8], ptr %6, i64 %94
  %96 = load float, ptr %95, align 4, !invariant.load !3, !alias.scope !9, !noalias !14
  %97 = fadd float %96, %.pre
  %98 = fcmp ogt float %97, 0.000000e+00
  %99 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %94
  %100 = load float, ptr %99, align 4, !alias.scope !6, !noalias !15
  %101 = select i1 %98, float %100, float 0.000000e+00
  store float %101, ptr %99, align 4, !alias.scope !6, !noalias !15
  %102 = or disjoint i64 %38, 8
  %103 = getelementptr inbounds nuw [4 x i8], ptr %6, i64 %102
  %104 = load float, ptr %103, align 4, !invariant.load !3, !alias.scope !9, !noalias !14
  %105 = fadd float %104, %.pre3
  %106 = fcmp ogt float %105, 0.000000e+00
  %107 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %102
  %108 = load float, ptr %107, align 4, !alias.scope !6, !noalias !15
  %109 = select i1 %106, float %108, float 0.000000e+00
  store float %109, ptr %107, align 4, !alias.scope !6, !noalias !15
  %110 = or disjoint i64 %38, 9
  %111 = getelementptr inbounds nuw [4 x i8], ptr %6, i64 %110
  %112 = load float, ptr %111, align 4, !invariant.load !3, !alias.scope !9, !noalias !14
  %113 = fadd float %112, %23
  %114 = fcmp ogt float %113, 0.000000e+00
  %115 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %110
  %116 = load float, ptr %115, align 4, !alias.scope !6, !noalias !15
  %117 = select i1 %114, float %116, float 0.000000e+00
  store float %117, ptr %115, align 4, !alias.scope !6, !noalias !15
  %118 = or disjoint i64 %38, 10
  %119 = getelementptr inbounds nuw [4 x i8], ptr %6, i64 %118
  %120 = load float, ptr %119, align 4, !invariant.load !3, !alias.scope !9, !noalias !14
  %121 = fadd float %120, %25
  %122 = fcmp ogt float %121, 0.000000e+00
  %123 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %118
  %124 = load float, ptr %123, align 4, !alias.scope !6, !noalias !15
  %125 = select i1 %122, float %124, float 0.000000e+00
  store float %125, ptr %123, align 4, !alias.scope !6, !noalias !15
  %126 = or disjoint i64 %38, 11
  %127 = getelementptr inbounds nuw [4 x i8], ptr %6, i64 %126
  %128 = load float, ptr %127, align 4, !invariant.load !3, !alias.scope !9, !noalias !14
  %129 = fadd float %128, %27
  %130 = fcmp ogt float %129, 0.000000e+00
  %131 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %126
  %132 = load float, ptr %131, align 4, !alias.scope !6, !noalias !15
  %133 = select i1 %130, float %132, float 0.000000e+00
  store float %133, ptr %131, align 4, !alias.scope !6, !noalias !15
  %134 = or disjoint i64 %38, 12
  %135 = getelementptr inbounds nuw [4 x i8], ptr %6, i64 %134
  %136 = load float, ptr %135, align 4, !invariant.load !3, !alias.scope !9, !noalias !14
  %137 = fadd float %136, %29
  %138 = fcmp ogt float %137, 0.000000e+00
  %139 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %134
  %140 = load float, ptr %139, align 4, !alias.scope !6, !noalias !15
  %141 = select i1 %138, float %140, float 0.000000e+00
  store float %141, ptr %139, align 4, !alias.scope !6, !noalias !15
  %142 = or disjoint i64 %38, 13
  %143 = getelementptr inbounds nuw [4 x i8], ptr %6, i64 %142
  %144 = load float, ptr %143, align 4, !invariant.load !3, !alias.scope !9, !noalias !14
  %145 = fadd float %144, %31
  %146 = fcmp ogt float %145, 0.000000e+00
  %147 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %142
  %148 = load float, ptr %147, align 4, !alias.scope !6, !noalias !15
  %149 = select i1 %146, float %148, float 0.000000e+00
  store float %149, ptr %147, align 4, !alias.scope !6, !noalias !15
  %150 = or disjoint i64 %38, 14
  %151 = getelementptr inbounds nuw [4 x i8], ptr %6, i64 %150
  %152 = load float, ptr %151, align 4, !invariant.load !3, !alias.scope !9, !noalias !14
  %153 = fadd float %152, %33
  %154 = fcmp ogt float %153, 0.000000e+00
  %155 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %150
  %156 = load float, ptr %155, align 4, !alias.scope !6, !noalias !15
  %157 = select i1 %154, float %156, float 0.000000e+00
  store float %157, ptr %155, align 4, !alias.scope !6, !noalias !15
  %158 = or disjoint i64 %38, 15
  %159 = getelementptr inbounds nuw [4 x i8], ptr %6, i64 %158
  %160 = load float, ptr %159, align 4, !invariant.load !3, !alias.scope !9, !noalias !14
  %161 = fadd float %160, %35
  %162 = fcmp ogt float %161, 0.000000e+00
  %163 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %158
  %164 = load float, ptr %163, align 4, !alias.scope !6, !noalias !15
  %165 = select i1 %162, float %164, float 0.000000e+00
  store float %165, ptr %163, align 4, !alias.scope !6, !noalias !15
  %166 = add nuw nsw i64 %37, 1
  %exitcond.not = icmp eq i64 %166, 8
  br i1 %exitcond.not, label %compare_select_fusion.1_wrapped.exit, label %36, !llvm.loop !16

compare_select_fusion.1_wrapped.exit:             ; preds = %36
  ret ptr null
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: readwrite)
declare void @llvm.experimental.noalias.scope.decl(metadata) #1

attributes #0 = { nofree norecurse nosync nounwind memory(readwrite, target_mem: none) uwtable "frame-pointer"="all" "prefer-vector-width"="256" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: readwrite) }

!llvm.module.flags = !{!0, !1}
!xla_cpu_memory_region_name = !{!2}

!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = !{i32 1, !"xla_dylib_index", i64 7}
!2 = !{!"xla_cpu_emitter__loop_fusion_kernel_emitter__hlo_opcode__fusion"}
!3 = !{}
!4 = !{i64 512}
!5 = !{i64 64}
!6 = !{!7}
!7 = distinct !{!7, !8, !"compare_select_fusion.1_wrapped: argument 0"}
!8 = distinct !{!8, !"compare_select_fusion.1_wrapped"}
!9 = !{!10}
!10 = distinct !{!10, !8, !"compare_select_fusion.1_wrapped: argument 1"}
!11 = !{!12}
!12 = distinct !{!12, !8, !"compare_select_fusion.1_wrapped: argument 2"}
!13 = !{!7, !10}
!14 = !{!7, !12}
!15 = !{!10, !12}
!16 = distinct !{!16, !17}
!17 = !{!"llvm.loop.unroll.disable"}
