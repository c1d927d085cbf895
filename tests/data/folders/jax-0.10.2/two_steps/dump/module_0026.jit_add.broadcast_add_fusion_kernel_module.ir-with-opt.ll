; ModuleID = '__compute_module_broadcast_add_fusion_kernel_module'
source_filename = "__compute_module_broadcast_add_fusion_kernel_module"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Function Attrs: nofree norecurse nosync nounwind memory(readwrite, target_mem: none) uwtable
define noalias noundef ptr @broadcast_add_fusion(ptr nofree readonly captures(none) %0) local_unnamed_addr #0 {
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
  %.phi.trans.insert = getelementptr inbounds nuw i8, ptr %6, i64 16
  %.pre = load float, ptr %.phi.trans.insert, align 4, !invariant.load !3, !alias.scope !9, !noalias !13
  %.phi.trans.insert2 = getelementptr inbounds nuw i8, ptr %6, i64 20
  %.pre3 = load float, ptr %.phi.trans.insert2, align 4, !invariant.load !3, !alias.scope !9, !noalias !13
  %.phi.trans.insert4 = getelementptr inbounds nuw i8, ptr %6, i64 24
  %.pre5 = load float, ptr %.phi.trans.insert4, align 4, !invariant.load !3, !alias.scope !9, !noalias !13
  %.phi.trans.insert6 = getelementptr inbounds nuw i8, ptr %6, i64 28
  %.pre7 = load float, ptr %.phi.trans.insert6, align 4, !invariant.load !3, !alias.scope !9, !noalias !13
  %.phi.trans.insert8 = getelementptr inbounds nuw i8, ptr %6, i64 32
  %.pre9 = load float, ptr %.phi.trans.insert8, align 4, !invariant.load !3, !alias.scope !9, !noalias !13
  %.phi.trans.insert10 = getelementptr inbounds nuw i8, ptr %6, i64 36
  %.pre11 = load float, ptr %.phi.trans.insert10, align 4, !invariant.load !3, !alias.scope !9, !noalias !13
  %.phi.trans.insert12 = getelementptr inbounds nuw i8, ptr %6, i64 40
  %.pre13 = load float, ptr %.phi.trans.insert12, align 4, !invariant.load !3, !alias.scope !9, !noalias !13
  %.phi.trans.insert14 = getelementptr inbounds nuw i8, ptr %6, i64 44
  %.pre15 = load float, ptr %.phi.trans.insert14, align 4, !invariant.load !3, !alias.scope !9, !noalias !13
  %.phi.trans.insert16 = getelementptr inbounds nuw i8, ptr %6, i64 48
  %.pre17 = load float, ptr %.phi.trans.insert16, align 4, !invariant.load !3, !alias.scope !9, !noalias !13
  %.phi.trans.insert18 = getelementptr inbounds nuw i8, ptr %6, i64 52
  %.pre19 = load float, ptr %.phi.trans.insert18, align 4, !invariant.load !3, !alias.scope !9, !noalias !13
  %.phi.trans.insert20 = getelementptr inbounds nuw i8, ptr %6, i64 12
  %.pre21 = load float, ptr %.phi.trans.insert20, align 4, !invariant.load !3, !alias.scope !9, !noalias !13
  %.phi.trans.insert22 = getelementptr inbounds nuw i8, ptr %6, i64 4
  %.pre23 = load float, ptr %.phi.trans.insert22, align 4, !invariant.load !3, !alias.scope !9, !noalias !13
  %.phi.trans.insert24 = getelementptr inbounds nuw i8, ptr %6, i64 8
  %.pre25 = load float, ptr %.phi.trans.insert24, align 4, !invariant.load !3, !alias.scope !9, !noalias !13
  %9 = load float, ptr %6, align 4, !invariant.load !3, !alias.scope !9, !noalias !13
  %10 = getelementptr inbounds nuw i8, ptr %6, i64 56
  %11 = load float, ptr %10, align 4, !invariant.load !3, !alias.scope !9, !noalias !13
  %12 = getelementptr inbounds nuw i8, ptr %6, i64 60
  %13 = load float, ptr %12, align 4, !invariant.load !3, !alias.scope !9, !noalias !13
  br label %14

14:                                               ; preds = %1, %14
  %15 = phi i64 [ 0, %1 ], [ %96, %14 ]
  %16 = shl nuw nsw i64 %15, 4
  %17 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %16
  %18 = load float, ptr %17, align 4, !invariant.load !3, !alias.scope !6, !noalias !14
  %19 = fadd float %18, %9
  %20 = getelementptr inbounds nuw [4 x i8], ptr %8, i64 %16
  store float %19, ptr %20, align 4, !alias.scope !11, !noalias !15
  %21 = or disjoint i64 %16, 1
  %22 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %21
  %23 = load float, ptr %22, align 4, !invariant.load !3, !alias.scope !6, !noalias !14
  %24 = fadd float %23, %.pre23
  %25 = getelementptr inbounds nuw [4 x i8], ptr %8, i64 %21
  store float %24, ptr %25, align 4, !alias.scope !11, !noalias !15
  %26 = or disjoint i64 %16, 2
  %27 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %26
  %28 = load float, ptr %27, align 4, !invariant.load !3, !alias.scope !6, !noalias !14
  %29 = fadd float %28, %.pre25
  %30 = getelementptr inbounds nuw [4 x i8], ptr %8, i64 %26
  store float %29, ptr %30, align 4, !alias.scope !11, !noalias !15
  %31 = or disjoint i64 %16, 3
  %32 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %31
  %33 = load float, ptr %32, align 4, !invariant.load !3, !alias.scope !6, !noalias !14
  %34 = fadd float %33, %.pre21
  %35 = getelementptr inbounds nuw [4 x i8], ptr %8, i64 %31
  store float %34, ptr %35, align 4, !alias.scope !11, !noalias !15
  %36 = or disjoint i64 %16, 4
  %37 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %36
  %38 = load float, ptr %37, align 4, !invariant.load !3, !alias.scope !6, !noalias !14
  %39 = fadd float %38, %.pre
  %40 = getelementptr inbounds nuw [4 x i8], ptr %8, i64 %36
  store float %39, ptr %40, align 4, !alias.scope !11, !noalias !15
  %41 = or disjoint i64 %16, 5
  %42 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %41
  %43 = load float, ptr %42, align 4, !invariant.load !3, !alias.scope !6, !noalias !14
  %44 = fadd float %43, %.pre3
  %45 = getelementptr inbounds nuw [4 x i8], ptr %8, i64 %41
  store float %44, ptr %45, align 4, !alias.scope !11, !noalias !15
  %46 = or disjoint i64 %16, 6
  %47 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %46
  %48 = load float, ptr %47, align 4, !invariant.load !3, !alias.scope !6, !noalias !14
  %49 = fadd float %48, %.pre5
  %50 = getelementptr inbounds nuw [4 x i8], ptr %8, i64 %46
  store float %49, ptr %50, align 4, !alias.scope !11, !noalias !15
  %51 = or disjoint i64 %16, 7
  %52 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %51
  %53 = load float, ptr %52, align 4, !invariant.load !3, !alias.scope !6, !noalias !14
  %54 = fadd float %53, %.pre7
  %55 = getelementptr inbounds nuw [4 x i8], ptr %8, i64 %51
  store float %54, ptr %55, align 4, !alias.scope !11, !noalias !15
  %56 = or disjoint i64 %16, 8
  %57 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %56
  %58 = load float, ptr %57, align 4, !invariant.load !3, !alias.scope !6, !noalias !14
  %59 = fadd float %58, %.pre9
  %60 = getelementptr inbounds nuw [4 x i8], ptr %8, i64 %56
  store float %59, ptr %60, align 4, !alias.scope !11, !noalias !15
  %61 = or disjoint i64 %16, 9
  %62 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %61
  %63 = load float, ptr %62, align 4, !invariant.load !3, !alias.scope !6, !noalias !14
  %64 = fadd float %63, %.pre11
  %65 = getelementptr inbounds nuw [4 x i8], ptr %8, i64 %61
  store float %64, ptr %65, align 4, !alias.scope !11, !noalias !15
  %66 = or disjoint i64 %16, 10
  %67 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %66
  %68 = load float, ptr %67, align 4, !invariant.load !3, !alias.scope !6, !noalias !14
  %69 = fadd float %68, %.pre13
  %70 = getelementptr inbounds nuw [4 x i8], ptr %8, i64 %66
  store float %69, ptr %70, align 4, !alias.scope !11, !noalias !15
  %71 = or disjoint i64 %16, 11
  %72 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %71
  %73 = load float, ptr %72, align 4, !invariant.load !3, !alias.scope !6, !noalias !14
  %74 = fadd float %73, %.pre15
  %75 = getelementptr inbounds nuw [4 x i8], ptr %8, i64 %71
  store float %74, ptr %75, align 4, !alias.scope !11, !noalias !15
  %76 = or disjoint i64 %16, 12
  %77 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %76
  %78 = load float, ptr %77, align 4, !invariant.load !3, !alias.scope !6, !noalias !14
  %79 = fadd float %78, %.pre17
  %80 = getelementptr inbounds nuw [4 x i8], ptr %8, i64 %76
  store float %79, ptr %80, align 4, !alias.scope !11, !noalias !15
  %81 = or disjoint i64 %16, 13
  %82 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %81
  %83 = load float, ptr %82, align 4, !invariant.load !3, !alias.scope !6, !noalias !14
  %84 = fadd float %83, %.pre19
  %85 = getelementptr inbounds nuw [4 x i8], ptr %8, i64 %81
  store float %84, ptr %85, align 4, !alias.scope !11, !noalias !15
  %86 = or disjoint i64 %16, 14
  %87 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %86
  %88 = load float, ptr %87, align 4, !invariant.load !3, !alias.scope !6, !noalias !14
  %89 = fadd float %88, %11
  %90 = getelementptr inbounds nuw [4 x i8], ptr %8, i64 %86
  store float %89, ptr %90, align 4, !alias.scope !11, !noalias !15
  %91 = or disjoint i64 %16, 15
  %92 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %91
  %93 = load float, ptr %92, align 4, !invariant.load !3, !alias.scope !6, !noalias !14
  %94 = fadd float %93, %13
  %95 = getelementptr inbounds nuw [4 x i8], ptr %8, i64 %91
  store float %94, ptr %95, align 4, !alias.scope !11, !noalias !15
  %96 = add nuw nsw i64 %15, 1
  %exitcond.not = icmp eq i64 %96, 8
  br i1 %exitcond.not, label %broadcast_add_fusion_wrapped.exit, label %14, !llvm.loop !16

broadcast_add_fusion_wrapped.exit:                ; preds = %14
  ret ptr null
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: readwrite)
declare void @llvm.experimental.noalias.scope.decl(metadata) #1

attributes #0 = { nofree norecurse nosync nounwind memory(readwrite, target_mem: none) uwtable "frame-pointer"="all" "prefer-vector-width"="256" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: readwrite) }

!llvm.module.flags = !{!0, !1}
!xla_cpu_memory_region_name = !{!2}

!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = !{i32 1, !"xla_dylib_index", i64 0}
!2 = !{!"xla_cpu_emitter__loop_fusion_kernel_emitter__hlo_opcode__fusion"}
!3 = !{}
!4 = !{i64 512}
!5 = !{i64 64}
!6 = !{!7}
!7 = distinct !{!7, !8, !"broadcast_add_fusion_wrapped: argument 0"}
!8 = distinct !{!8, !"broadcast_add_fusion_wrapped"}
!9 = !{!10}
!10 = distinct !{!10, !8, !"broadcast_add_fusion_wrapped: argument 1"}
!11 = !{!12}
!12 = distinct !{!12, !8, !"broadcast_add_fusion_wrapped: argument 2"}
!13 = !{!7, !12}
!14 = !{!10, !12}
!15 = !{!7, !10}
!16 = distinct !{!16, !17}
!17 = !{!"llvm.loop.unroll.disable"}
