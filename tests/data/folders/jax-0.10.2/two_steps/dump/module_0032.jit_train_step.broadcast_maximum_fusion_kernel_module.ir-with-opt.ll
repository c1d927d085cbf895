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
  %6 = load ptr, ptr %5, align 8, !invariant.load !3, !dereferenceable !5
  %7 = getelementptr inbounds nuw i8, ptr %3, i64 32
  %8 = load ptr, ptr %7, align 8, !invariant.load !3, !dereferenceable !4
  tail call void @llvm.experimental.noalias.scope.decl(metadata !6)
  tail call void @llvm.experimental.noalias.scope.decl(metadata !9)
  tail call void @llvm.experimental.noalias.scope.decl(metadata !11)
  %.phi.trans.insert = getelementptr inbounds nuw i8, ptr %6, i64 20
  %.pre = load float, ptr %.phi.trans.insert, align 4, !invariant.load !3, !alias.scope !9, !noalias !13
  %.phi.trans.insert2 = getelementptr inbounds nuw i8, ptr %6, i64 24
  %.pre3 = load float, ptr %.phi.trans.insert2, align 4, !invariant.load !3, !alias.scope !9, !noalias !13
  %.phi.trans.insert4 = getelementptr inbounds nuw i8, ptr %6, i64 28
  %.pre5 = load float, ptr %.phi.trans.insert4, align 4, !invariant.load !3, !alias.scope !9, !noalias !13
  %.phi.trans.insert6 = getelementptr inbounds nuw i8, ptr %6, i64 32
  %.pre7 = load float, ptr %.phi.trans.insert6, align 4, !invariant.load !3, !alias.scope !9, !noalias !13
  %.phi.trans.insert8 = getelementptr inbounds nuw i8, ptr %6, i64 36
  %.pre9 = load float, ptr %.phi.trans.insert8, align 4, !invariant.load !3, !alias.scope !9, !noalias !13
  %.phi.trans.insert10 = getelementptr inbounds nuw i8, ptr %6, i64 40
  %.pre11 = load float, ptr %.phi.trans.insert10, align 4, !invariant.load !3, !alias.scope !9, !noalias !13
  %.phi.trans.insert12 = getelementptr inbounds nuw i8, ptr %6, i64 44
  %.pre13 = load float, ptr %.phi.trans.insert12, align 4, !invariant.load !3, !alias.scope !9, !noalias !13
  %.phi.trans.insert14 = getelementptr inbounds nuw i8, ptr %6, i64 16
  %.pre15 = load float, ptr %.phi.trans.insert14, align 4, !invariant.load !3, !alias.scope !9, !noalias !13
  %9 = load float, ptr %6, align 4, !invariant.load !3, !alias.scope !9, !noalias !13
  %10 = getelementptr inbounds nuw i8, ptr %6, i64 4
  %11 = load float, ptr %10, align 4, !invariant.load !3, !alias.scope !9, !noalias !13
  %12 = getelementptr inbounds nuw i8, ptr %6, i64 8
  %13 = load float, ptr %12, align 4, !invariant.load !3, !alias.scope !9, !noalias !13
  %14 = getelementptr inbounds nuw i8, ptr %6, i64 12
  %15 = load float, ptr %14, align 4, !invariant.load !3, !alias.scope !9, !noalias !13
  %16 = getelementptr inbounds nuw i8, ptr %6, i64 48
  %17 = load float, ptr %16, align 4, !invariant.load !3, !alias.scope !9, !noalias !13
  %18 = getelementptr inbounds nuw i8, ptr %6, i64 52
  %19 = load float, ptr %18, align 4, !invariant.load !3, !alias.scope !9, !noalias !13
  %20 = getelementptr inbounds nuw i8, ptr %6, i64 56
  %21 = load float, ptr %20, align 4, !invariant.load !3, !alias.scope !9, !noalias !13
  %22 = getelementptr inbounds nuw i8, ptr %6, i64 60
  %23 = load float, ptr %22, align 4, !invariant.load !3, !alias.scope !9, !noalias !13
  br label %24

24:                                               ; preds = %1, %24
  %25 = phi i64 [ 0, %1 ], [ %122, %24 ]
  %26 = shl nuw nsw i64 %25, 4
  %27 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %26
  %28 = load float, ptr %27, align 4, !invariant.load !3, !alias.scope !6, !noalias !14
  %29 = fadd float %28, %9
  %30 = tail call float @llvm.maximum.f32(float %29, float 0.000000e+00)
  %31 = getelementptr inbounds nuw [4 x i8], ptr %8, i64 %26
  store float %30, ptr %31, align 4, !alias.scope !11, !noalias !15
  %32 = or disjoint i64 %26, 1
  %33 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %32
  %34 = load float, ptr %33, align 4, !invariant.load !3, !alias.scope !6, !noalias !14
  %35 = fadd float %34, %11
  %36 = tail call float @llvm.maximum.f32(float %35, float 0.000000e+00)
  %37 = getelementptr inbounds nuw [4 x i8], ptr %8, i64 %32
  store float %36, ptr %37, align 4, !alias.scope !11, !noalias !15
  %38 = or disjoint i64 %26, 2
  %39 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %38
  %40 = load float, ptr %39, align 4, !invariant.load !3, !alias.scope !6, !noalias !14
  %41 = fadd float %40, %13
  %42 = tail call float @llvm.maximum.f32(float %41, float 0.000000e+00)
  %43 = getelementptr inbounds nuw [4 x i8], ptr %8, i64 %38
  store float %42, ptr %43, align 4, !alias.scope !11, !noalias !15
  %44 = or disjoint i64 %26, 3
  %45 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %44
  %46 = load float, ptr %45, align 4, !invariant.load !3, !alias.scope !6, !noalias !14
  %47 = fadd float %46, %15
  %48 = tail call float @llvm.maximum.f32(float %47, float 0.000000e+00)
  %49 = getelementptr inbounds nuw [4 x i8], ptr %8, i64 %44
  store float %48, ptr %49, align 4, !alias.scope !11, !noalias !15
  %50 = or disjoint i64 %26, 4
  %51 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %50
  %52 = load float, ptr %51, align 4, !invariant.load !3, !alias.scope !6, !noalias !14
  %53 = fadd float %52, %.pre15
  %54 = tail call float @llvm.maximum.f32(float %53, float 0.000000e+00)
  %55 = getelementptr inbounds nuw [4 x i8], ptr %8, i64 %50
  store float %54, ptr %55, align 4, !alias.scope !11, !noalias !15
  %56 = or disjoint i64 %26, 5
  %57 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %56
  %58 = load float, ptr %57, align 4, !invariant.load !3, !alias.scope !6, !noalias !14
  %59 = fadd float %58, %.pre
  %60 = tail call float @llvm.maximum.f32(float %59, float 0.000000e+00)
  %61 = getelementptr inbounds nuw [4 x i8], ptr %8, i64 %56
  store float %60, ptr %61, align 4, !alias.scope !11, !noalias !15
  %62 = or disjoint i64 %26, 6
  %63 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %62
  %64 = load float, ptr %63, align 4, !invariant.load !3, !alias.scope !6, !noalias !14
  %65 = fadd float %64, %.pre3
  %66 = tail call float @llvm.maximum.f32(float %65, float 0.000000e+00)
  %67 = getelementptr inbounds nuw [4 x i8], ptr %8, i64 %62
  store float %66, ptr %67, align 4, !alias.scope !11, !noalias !15
  %68 = or disjoint i64 %26, 7
  %69 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %68
  %70 = load float, ptr %69, align 4, !invariant.load !3, !alias.scope !6, !noalias !14
  %71 = fadd float %70, %.pre5
  %72 = tail call float @llvm.maximum.f32(float %71, float 0.000000e+00)
  %73 = getelementptr inbounds nuw [4 x i8], ptr %8, i64 %68
  store float %72, ptr %73, align 4, !alias.scope !11, !noalias !15
  %74 = or disjoint i64 %26, 8
  %75 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %74
  %76 = load float, ptr %75, align 4, !invariant.load !3, !alias.scope !6, !noalias !14
  %77 = fadd float %76, %.pre7
  %78 = tail call float @llvm.maximum.f32(float %77, float 0.000000e+00)
  %79 = getelementptr inbounds nuw [4 x i8], ptr %8, i64 %74
  store float %78, ptr %79, align 4, !alias.scope !11, !noalias !15
  %80 = or disjoint i64 %26, 9
  %81 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %80
  %82 = load float, ptr %81, align 4, !invariant.load !3, !alias.scope !6, !noalias !14
  %83 = fadd float %82, %.pre9
  %84 = tail call float @llvm.maximum.f32(float %83, float 0.000000e+00)
  %85 = getelementptr inbounds nuw [4 x i8], ptr %8, i64 %80
  store float %84, ptr %85, align 4, !alias.scope !11, !noalias !15
  %86 = or disjoint i64 %26, 10
  %87 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %86
  %88 = load float, ptr %87, align 4, !invariant.load !3, !alias.scope !6, !noalias !14
  %89 = fadd float %88, %.pre11
  %90 = tail call float @llvm.maximum.f32(float %89, float 0.000000e+00)
  %91 = getelementptr inbounds nuw [4 x i8], ptr %8, i64 %86
  store float %90, ptr %91, align 4, !alias.scope !11, !noalias !15
  %92 = or disjoint i64 %26, 11
  %93 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %92
  %94 = load float, ptr %93, align 4, !invariant.load !3, !alias.scope !6, !noalias !14
  %95 = fadd float %94, %.pre13
  %96 = tail call float @llvm.maximum.f32(float %95, float 0.000000e+00)
  %97 = getelementptr inbounds nuw [4 x i8], ptr %8, i64 %92
  store float %96, ptr %97, align 4, !alias.scope !11, !noalias !15
  %98 = or disjoint i64 %26, 12
  %99 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %98
  %100 = load float, ptr %99, align 4, !invariant.load !3, !alias.scope !6, !noalias !14
  %101 = fadd float %100, %17
  %102 = tail call float @llvm.maximum.f32(float %101, float 0.000000e+00)
  %103 = getelementptr inbounds nuw [4 x i8], ptr %8, i64 %98
  store float %102, ptr %103, align 4, !alias.scope !11, !noalias !15
  %104 = or disjoint i64 %26, 13
  %105 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %104
  %106 = load float, ptr %105, align 4, !invariant.load !3, !alias.scope !6, !noalias !14
  %107 = fadd float %106, %19
  %108 = tail call float @llvm.maximum.f32(float %107, float 0.000000e+00)
  %109 = getelementptr inbounds nuw [4 x i8], ptr %8, i64 %104
  store float %108, ptr %109, align 4, !alias.scope !11, !noalias !15
  %110 = or disjoint i64 %26, 14
  %111 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %110
  %112 = load float, ptr %111, align 4, !invariant.load !3, !alias.scope !6, !noalias !14
  %113 = fadd float %112, %21
  %114 = tail call float @llvm.maximum.f32(float %113, float 0.000000e+00)
  %115 = getelementptr inbounds nuw [4 x i8], ptr %8, i64 %110
  store float %114, ptr %115, align 4, !alias.scope !11, !noalias !15
  %116 = or disjoint i64 %26, 15
  %117 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %116
  %118 = load float, ptr %117, align 4, !invariant.load !3, !alias.scope !6, !noalias !14
  %119 = fadd float %118, %23
  %120 = tail call float @llvm.maximum.f32(float %119, float 0.000000e+00)
  %121 = getelementptr inbounds nuw [4 x i8], ptr %8, i64 %116
  store float %120, ptr %121, align 4, !alias.scope !11, !noalias !15
  %122 = add nuw nsw i64 %25, 1
  %exitcond.not = icmp eq i64 %122, 8
  br i1 %exitcond.not, label %broadcast_maximum_fusion_wrapped.exit, label %24, !llvm.loop !16

broadcast_maximum_fusion_wrapped.exit:            ; preds = %24
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
!1 = !{i32 1, !"xla_dylib_index", i64 4}
!2 = !{!"xla_cpu_emitter__loop_fusion_kernel_emitter__hlo_opcode__fusion"}
!3 = !{}
!4 = !{i64 512}
!5 = !{i64 64}
!6 = !{!7}
!7 = distinct !{!7, !8, !"broadcast_maximum_fusion_wrapped: argument 0"}
!8 = distinct !{!8, !"broadcast_maximum_fusion_wrapped"}
!9 = !{!10}
!10 = distinct !{!10, !8, !"broadcast_maximum_fusion_wrapped: argument 1"}
!11 = !{!12}
!12 = distinct !{!12, !8, !"broadcast_maximum_fusion_wrapped: argument 2"}
!13 = !{!7, !12}
!14 = !{!10, !12}
!15 = !{!7, !10}
!16 = distinct !{!16, !17}
!17 = !{!"llvm.loop.unroll.disable"}
