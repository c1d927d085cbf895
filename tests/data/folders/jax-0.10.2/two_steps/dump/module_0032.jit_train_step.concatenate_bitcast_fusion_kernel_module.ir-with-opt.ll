; ModuleID = '__compute_module_concatenate_bitcast_fusion_kernel_module'
source_filename = "__compute_module_concatenate_bitcast_fusion_kernel_module"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(readwrite, target_mem: none) uwtable
define noalias noundef ptr @concatenate_bitcast_fusion(ptr nofree readonly captures(none) %0) local_unnamed_addr #0 {
.preheader.preheader:
  %1 = getelementptr inbounds nuw i8, ptr %0, i64 24
  %2 = load ptr, ptr %1, align 8, !invariant.load !3
  %3 = load ptr, ptr %2, align 8, !invariant.load !3, !dereferenceable !4
  %4 = getelementptr inbounds nuw i8, ptr %2, i64 16
  %5 = load ptr, ptr %4, align 8, !invariant.load !3, !dereferenceable !5
  tail call void @llvm.experimental.noalias.scope.decl(metadata !6)
  tail call void @llvm.experimental.noalias.scope.decl(metadata !9)
  store i32 0, ptr %5, align 4, !alias.scope !9, !noalias !6
  %6 = getelementptr inbounds nuw i8, ptr %5, i64 8
  store i32 1, ptr %6, align 4, !alias.scope !9, !noalias !6
  %7 = getelementptr inbounds nuw i8, ptr %5, i64 16
  store i32 2, ptr %7, align 4, !alias.scope !9, !noalias !6
  %8 = getelementptr inbounds nuw i8, ptr %5, i64 24
  store i32 3, ptr %8, align 4, !alias.scope !9, !noalias !6
  %9 = getelementptr inbounds nuw i8, ptr %5, i64 32
  store i32 4, ptr %9, align 4, !alias.scope !9, !noalias !6
  %10 = getelementptr inbounds nuw i8, ptr %5, i64 40
  store i32 5, ptr %10, align 4, !alias.scope !9, !noalias !6
  %11 = getelementptr inbounds nuw i8, ptr %5, i64 48
  store i32 6, ptr %11, align 4, !alias.scope !9, !noalias !6
  %12 = getelementptr inbounds nuw i8, ptr %5, i64 56
  store i32 7, ptr %12, align 4, !alias.scope !9, !noalias !6
  %13 = load i32, ptr %3, align 4, !invariant.load !3, !alias.scope !6, !noalias !9
  %14 = lshr i32 %13, 27
  %15 = and i32 %14, 16
  %16 = add i32 %15, %13
  %17 = getelementptr inbounds nuw i8, ptr %5, i64 4
  store i32 %16, ptr %17, align 4, !alias.scope !9, !noalias !6
  %18 = getelementptr inbounds nuw i8, ptr %3, i64 4
  %19 = load i32, ptr %18, align 4, !invariant.load !3, !alias.scope !6, !noalias !9
  %20 = lshr i32 %19, 27
  %21 = and i32 %20, 16
  %22 = add i32 %21, %19
  %23 = getelementptr inbounds nuw i8, ptr %5, i64 12
  store i32 %22, ptr %23, align 4, !alias.scope !9, !noalias !6
  %24 = getelementptr inbounds nuw i8, ptr %3, i64 8
  %25 = load i32, ptr %24, align 4, !invariant.load !3, !alias.scope !6, !noalias !9
  %26 = lshr i32 %25, 27
  %27 = and i32 %26, 16
  %28 = add i32 %27, %25
  %29 = getelementptr inbounds nuw i8, ptr %5, i64 20
  store i32 %28, ptr %29, align 4, !alias.scope !9, !noalias !6
  %30 = getelementptr inbounds nuw i8, ptr %3, i64 12
  %31 = load i32, ptr %30, align 4, !invariant.load !3, !alias.scope !6, !noalias !9
  %32 = lshr i32 %31, 27
  %33 = and i32 %32, 16
  %34 = add i32 %33, %31
  %35 = getelementptr inbounds nuw i8, ptr %5, i64 28
  store i32 %34, ptr %35, align 4, !alias.scope !9, !noalias !6
  %36 = getelementptr inbounds nuw i8, ptr %3, i64 16
  %37 = load i32, ptr %36, align 4, !invariant.load !3, !alias.scope !6, !noalias !9
  %38 = lshr i32 %37, 27
  %39 = and i32 %38, 16
  %40 = add i32 %39, %37
  %41 = getelementptr inbounds nuw i8, ptr %5, i64 36
  store i32 %40, ptr %41, align 4, !alias.scope !9, !noalias !6
  %42 = getelementptr inbounds nuw i8, ptr %3, i64 20
  %43 = load i32, ptr %42, align 4, !invariant.load !3, !alias.scope !6, !noalias !9
  %44 = lshr i32 %43, 27
  %45 = and i32 %44, 16
  %46 = add i32 %45, %43
  %47 = getelementptr inbounds nuw i8, ptr %5, i64 44
  store i32 %46, ptr %47, align 4, !alias.scope !9, !noalias !6
  %48 = getelementptr inbounds nuw i8, ptr %3, i64 24
  %49 = load i32, ptr %48, align 4, !invariant.load !3, !alias.scope !6, !noalias !9
  %50 = lshr i32 %49, 27
  %51 = and i32 %50, 16
  %52 = add i32 %51, %49
  %53 = getelementptr inbounds nuw i8, ptr %5, i64 52
  store i32 %52, ptr %53, align 4, !alias.scope !9, !noalias !6
  %54 = getelementptr inbounds nuw i8, ptr %3, i64 28
  %55 = load i32, ptr %54, align 4, !invariant.load !3, !alias.scope !6, !noalias !9
  %56 = lshr i32 %55, 27
  %57 = and i32 %56, 16
  %58 = add i32 %57, %55
  %59 = getelementptr inbounds nuw i8, ptr %5, i64 60
  store i32 %58, ptr %59, align 4, !alias.scope !9, !noalias !6
  ret ptr null
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: readwrite)
declare void @llvm.experimental.noalias.scope.decl(metadata) #1

attributes #0 = { mustprogress nofree norecurse nosync nounwind willreturn memory(readwrite, target_mem: none) uwtable "frame-pointer"="all" "prefer-vector-width"="256" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: readwrite) }

!llvm.module.flags = !{!0, !1}
!xla_cpu_memory_region_name = !{!2}

!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = !{i32 1, !"xla_dylib_index", i64 8}
!2 = !{!"xla_cpu_emitter__concatenate_fusion_kernel_emitter__hlo_opcode__fusion"}
!3 = !{}
!4 = !{i64 32}
!5 = !{i64 64}
!6 = !{!7}
!7 = distinct !{!7, !8, !"concatenate_bitcast_fusion_wrapped: argument 0"}
!8 = distinct !{!8, !"concatenate_bitcast_fusion_wrapped"}
!9 = !{!10}
!10 = distinct !{!10, !8, !"concatenate_bitcast_fusion_wrapped: argument 1"}
