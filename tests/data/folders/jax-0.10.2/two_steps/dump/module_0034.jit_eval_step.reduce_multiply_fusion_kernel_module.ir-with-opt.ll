; ModuleID = '__compute_module_reduce_multiply_fusion_kernel_module'
source_filename = "__compute_module_reduce_multiply_fusion_kernel_module"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(readwrite, target_mem: none) uwtable
define noalias noundef ptr @reduce_multiply_fusion(ptr nofree readonly captures(none) %0) local_unnamed_addr #0 {
reduce_multiply_fusion_wrapped.exit:
  %1 = getelementptr inbounds nuw i8, ptr %0, i64 24
  %2 = load ptr, ptr %1, align 8, !invariant.load !3
  %3 = load ptr, ptr %2, align 8, !invariant.load !3, !dereferenceable !4
  %4 = getelementptr inbounds nuw i8, ptr %2, i64 16
  %5 = load ptr, ptr %4, align 8, !invariant.load !3, !dereferenceable !4
  tail call void @llvm.experimental.noalias.scope.decl(metadata !5)
  tail call void @llvm.experimental.noalias.scope.decl(metadata !8)
  tail call void @llvm.experimental.noalias.scope.decl(metadata !10)
  %6 = load i32, ptr %3, align 4, !invariant.load !3, !alias.scope !5, !noalias !12
  %7 = load i32, ptr %5, align 4, !invariant.load !3, !alias.scope !8, !noalias !13
  %8 = icmp eq i32 %6, %7
  %9 = uitofp i1 %8 to float
  %10 = getelementptr inbounds nuw i8, ptr %3, i64 4
  %11 = load i32, ptr %10, align 4, !invariant.load !3, !alias.scope !5, !noalias !12
  %12 = getelementptr inbounds nuw i8, ptr %5, i64 4
  %13 = load i32, ptr %12, align 4, !invariant.load !3, !alias.scope !8, !noalias !13
  %14 = icmp eq i32 %11, %13
  %15 = uitofp i1 %14 to float
  %16 = fadd reassoc float %9, %15
  %17 = getelementptr inbounds nuw i8, ptr %3, i64 8
  %18 = load i32, ptr %17, align 4, !invariant.load !3, !alias.scope !5, !noalias !12
  %19 = getelementptr inbounds nuw i8, ptr %5, i64 8
  %20 = load i32, ptr %19, align 4, !invariant.load !3, !alias.scope !8, !noalias !13
  %21 = icmp eq i32 %18, %20
  %22 = uitofp i1 %21 to float
  %23 = fadd reassoc float %16, %22
  %24 = getelementptr inbounds nuw i8, ptr %3, i64 12
  %25 = load i32, ptr %24, align 4, !invariant.load !3, !alias.scope !5, !noalias !12
  %26 = getelementptr inbounds nuw i8, ptr %5, i64 12
  %27 = load i32, ptr %26, align 4, !invariant.load !3, !alias.scope !8, !noalias !13
  %28 = icmp eq i32 %25, %27
  %29 = uitofp i1 %28 to float
  %30 = fadd reassoc float %23, %29
  %31 = getelementptr inbounds nuw i8, ptr %3, i64 16
  %32 = load i32, ptr %31, align 4, !invariant.load !3, !alias.scope !5, !noalias !12
  %33 = getelementptr inbounds nuw i8, ptr %5, i64 16
  %34 = load i32, ptr %33, align 4, !invariant.load !3, !alias.scope !8, !noalias !13
  %35 = icmp eq i32 %32, %34
  %36 = uitofp i1 %35 to float
  %37 = fadd reassoc float %30, %36
  %38 = getelementptr inbounds nuw i8, ptr %3, i64 20
  %39 = load i32, ptr %38, align 4, !invariant.load !3, !alias.scope !5, !noalias !12
  %40 = getelementptr inbounds nuw i8, ptr %5, i64 20
  %41 = load i32, ptr %40, align 4, !invariant.load !3, !alias.scope !8, !noalias !13
  %42 = icmp eq i32 %39, %41
  %43 = uitofp i1 %42 to float
  %44 = fadd reassoc float %37, %43
  %45 = getelementptr inbounds nuw i8, ptr %3, i64 24
  %46 = load i32, ptr %45, align 4, !invariant.load !3, !alias.scope !5, !noalias !12
  %47 = getelementptr inbounds nuw i8, ptr %5, i64 24
  %48 = load i32, ptr %47, align 4, !invariant.load !3, !alias.scope !8, !noalias !13
  %49 = icmp eq i32 %46, %48
  %50 = uitofp i1 %49 to float
  %51 = fadd reassoc float %44, %50
  %52 = getelementptr inbounds nuw i8, ptr %3, i64 28
  %53 = load i32, ptr %52, align 4, !invariant.load !3, !alias.scope !5, !noalias !12
  %54 = getelementptr inbounds nuw i8, ptr %5, i64 28
  %55 = load i32, ptr %54, align 4, !invariant.load !3, !alias.scope !8, !noalias !13
  %56 = icmp eq i32 %53, %55
  %57 = uitofp i1 %56 to float
  %58 = fadd reassoc float %51, %57
  %59 = getelementptr inbounds nuw i8, ptr %2, i64 32
  %60 = load ptr, ptr %59, align 8, !invariant.load !3, !dereferenceable !14
  %61 = fmul float %58, 1.250000e-01
  store float %61, ptr %60, align 4, !alias.scope !10, !noalias !15
  ret ptr null
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: readwrite)
declare void @llvm.experimental.noalias.scope.decl(metadata) #1

attributes #0 = { mustprogress nofree norecurse nosync nounwind willreturn memory(readwrite, target_mem: none) uwtable "frame-pointer"="all" "prefer-vector-width"="256" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: readwrite) }

!llvm.module.flags = !{!0, !1}
!xla_cpu_memory_region_name = !{!2}

!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = !{i32 1, !"xla_dylib_index", i64 2}
!2 = !{!"xla_cpu_emitter__loop_fusion_kernel_emitter__hlo_opcode__fusion"}
!3 = !{}
!4 = !{i64 32}
!5 = !{!6}
!6 = distinct !{!6, !7, !"reduce_multiply_fusion_wrapped: argument 0"}
!7 = distinct !{!7, !"reduce_multiply_fusion_wrapped"}
!8 = !{!9}
!9 = distinct !{!9, !7, !"reduce_multiply_fusion_wrapped: argument 1"}
!10 = !{!11}
!11 = distinct !{!11, !7, !"reduce_multiply_fusion_wrapped: argument 2"}
!12 = !{!9, !11}
!13 = !{!6, !11}
!14 = !{i64 4}
!15 = !{!6, !9}
