; ModuleID = '__compute_module_multiply_add_fusion.6_kernel_module'
source_filename = "__compute_module_multiply_add_fusion.6_kernel_module"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(readwrite, target_mem: none) uwtable
define noalias noundef ptr @multiply_add_fusion.6(ptr nofree readonly captures(none) %0) local_unnamed_addr #0 {
multiply_add_fusion.6_wrapped.exit:
  %1 = getelementptr inbounds nuw i8, ptr %0, i64 24
  %2 = load ptr, ptr %1, align 8, !invariant.load !3
  %3 = load ptr, ptr %2, align 8, !invariant.load !3, !dereferenceable !4
  %4 = getelementptr inbounds nuw i8, ptr %2, i64 16
  %5 = load ptr, ptr %4, align 8, !invariant.load !3, !dereferenceable !4
  tail call void @llvm.experimental.noalias.scope.decl(metadata !5)
  tail call void @llvm.experimental.noalias.scope.decl(metadata !8)
  %6 = load float, ptr %5, align 4, !invariant.load !3, !alias.scope !8, !noalias !5
  %7 = load float, ptr %3, align 4, !alias.scope !5, !noalias !8
  %8 = fmul float %6, 1.000000e-01
  %9 = fsub float %7, %8
  store float %9, ptr %3, align 4, !alias.scope !5, !noalias !8
  %10 = getelementptr inbounds nuw i8, ptr %5, i64 4
  %11 = load float, ptr %10, align 4, !invariant.load !3, !alias.scope !8, !noalias !5
  %12 = getelementptr inbounds nuw i8, ptr %3, i64 4
  %13 = load float, ptr %12, align 4, !alias.scope !5, !noalias !8
  %14 = fmul float %11, 1.000000e-01
  %15 = fsub float %13, %14
  store float %15, ptr %12, align 4, !alias.scope !5, !noalias !8
  %16 = getelementptr inbounds nuw i8, ptr %5, i64 8
  %17 = load float, ptr %16, align 4, !invariant.load !3, !alias.scope !8, !noalias !5
  %18 = getelementptr inbounds nuw i8, ptr %3, i64 8
  %19 = load float, ptr %18, align 4, !alias.scope !5, !noalias !8
  %20 = fmul float %17, 1.000000e-01
  %21 = fsub float %19, %20
  store float %21, ptr %18, align 4, !alias.scope !5, !noalias !8
  %22 = getelementptr inbounds nuw i8, ptr %5, i64 12
  %23 = load float, ptr %22, align 4, !invariant.load !3, !alias.scope !8, !noalias !5
  %24 = getelementptr inbounds nuw i8, ptr %3, i64 12
  %25 = load float, ptr %24, align 4, !alias.scope !5, !noalias !8
  %26 = fmul float %23, 1.000000e-01
  %27 = fsub float %25, %26
  store float %27, ptr %24, align 4, !alias.scope !5, !noalias !8
  %28 = getelementptr inbounds nuw i8, ptr %5, i64 16
  %29 = load float, ptr %28, align 4, !invariant.load !3, !alias.scope !8, !noalias !5
  %30 = getelementptr inbounds nuw i8, ptr %3, i64 16
  %31 = load float, ptr %30, align 4, !alias.scope !5, !noalias !8
  %32 = fmul float %29, 1.000000e-01
  %33 = fsub float %31, %32
  store float %33, ptr %30, align 4, !alias.scope !5, !noalias !8
  %34 = getelementptr inbounds nuw i8, ptr %5, i64 20
  %35 = load float, ptr %34, align 4, !invariant.load !3, !alias.scope !8, !noalias !5
  %36 = getelementptr inbounds nuw i8, ptr %3, i64 20
  %37 = load float, ptr %36, align 4, !alias.scope !5, !noalias !8
  %38 = fmul float %35, 1.000000e-01
  %39 = fsub float %37, %38
  store float %39, ptr %36, align 4, !alias.scope !5, !noalias !8
  %40 = getelementptr inbounds nuw i8, ptr %5, i64 24
  %41 = load float, ptr %40, align 4, !invariant.load !3, !alias.scope !8, !noalias !5
  %42 = getelementptr inbounds nuw i8, ptr %3, i64 24
  %43 = load float, ptr %42, align 4, !alias.scope !5, !noalias !8
  %44 = fmul float %41, 1.000000e-01
  %45 = fsub float %43, %44
  store float %45, ptr %42, align 4, !alias.scope !5, !noalias !8
  %46 = getelementptr inbounds nuw i8, ptr %5, i64 28
  %47 = load float, ptr %46, align 4, !invariant.load !3, !alias.scope !8, !noalias !5
  %48 = getelementptr inbounds nuw i8, ptr %3, i64 28
  %49 = load float, ptr %48, align 4, !alias.scope !5, !noalias !8
  %50 = fmul float %47, 1.000000e-01
  %51 = fsub float %49, %50
  store float %51, ptr %48, align 4, !alias.scope !5, !noalias !8
  %52 = getelementptr inbounds nuw i8, ptr %5, i64 32
  %53 = load float, ptr %52, align 4, !invariant.load !3, !alias.scope !8, !noalias !5
  %54 = getelementptr inbounds nuw i8, ptr %3, i64 32
  %55 = load float, ptr %54, align 4, !alias.scope !5, !noalias !8
  %56 = fmul float %53, 1.000000e-01
  %57 = fsub float %55, %56
  store float %57, ptr %54, align 4, !alias.scope !5, !noalias !8
  %58 = getelementptr inbounds nuw i8, ptr %5, i64 36
  %59 = load float, ptr %58, align 4, !invariant.load !3, !alias.scope !8, !noalias !5
  %60 = getelementptr inbounds nuw i8, ptr %3, i64 36
  %61 = load float, ptr %60, align 4, !alias.scope !5, !noalias !8
  %62 = fmul float %59, 1.000000e-01
  %63 = fsub float %61, %62
  store float %63, ptr %60, align 4, !alias.scope !5, !noalias !8
  %64 = getelementptr inbounds nuw i8, ptr %5, i64 40
  %65 = load float, ptr %64, align 4, !invariant.load !3, !alias.scope !8, !noalias !5
  %66 = getelementptr inbounds nuw i8, ptr %3, i64 40
  %67 = load float, ptr %66, align 4, !alias.scope !5, !noalias !8
  %68 = fmul float %65, 1.000000e-01
  %69 = fsub float %67, %68
  store float %69, ptr %66, align 4, !alias.scope !5, !noalias !8
  %70 = getelementptr inbounds nuw i8, ptr %5, i64 44
  %71 = load float, ptr %70, align 4, !invariant.load !3, !alias.scope !8, !noalias !5
  %72 = getelementptr inbounds nuw i8, ptr %3, i64 44
  %73 = load float, ptr %72, align 4, !alias.scope !5, !noalias !8
  %74 = fmul float %71, 1.000000e-01
  %75 = fsub float %73, %74
  store float %75, ptr %72, align 4, !alias.scope !5, !noalias !8
  %76 = getelementptr inbounds nuw i8, ptr %5, i64 48
  %77 = load float, ptr %76, align 4, !invariant.load !3, !alias.scope !8, !noalias !5
  %78 = getelementptr inbounds nuw i8, ptr %3, i64 48
  %79 = load float, ptr %78, align 4, !alias.scope !5, !noalias !8
  %80 = fmul float %77, 1.000000e-01
  %81 = fsub float %79, %80
  store float %81, ptr %78, align 4, !alias.scope !5, !noalias !8
  %82 = getelementptr inbounds nuw i8, ptr %5, i64 52
  %83 = load float, ptr %82, align 4, !invariant.load !3, !alias.scope !8, !noalias !5
  %84 = getelementptr inbounds nuw i8, ptr %3, i64 52
  %85 = load float, ptr %84, align 4, !alias.scope !5, !noalias !8
  %86 = fmul float %83, 1.000000e-01
  %87 = fsub float %85, %86
  store float %87, ptr %84, align 4, !alias.scope !5, !noalias !8
  %88 = getelementptr inbounds nuw i8, ptr %5, i64 56
  %89 = load float, ptr %88, align 4, !invariant.load !3, !alias.scope !8, !noalias !5
  %90 = getelementptr inbounds nuw i8, ptr %3, i64 56
  %91 = load float, ptr %90, align 4, !alias.scope !5, !noalias !8
  %92 = fmul float %89, 1.000000e-01
  %93 = fsub float %91, %92
  store float %93, ptr %90, align 4, !alias.scope !5, !noalias !8
  %94 = getelementptr inbounds nuw i8, ptr %5, i64 60
  %95 = load float, ptr %94, align 4, !invariant.load !3, !alias.scope !8, !noalias !5
  %96 = getelementptr inbounds nuw i8, ptr %3, i64 60
  %97 = load float, ptr %96, align 4, !alias.scope !5, !noalias !8
  %98 = fmul float %95, 1.000000e-01
  %99 = fsub float %97, %98
  store float %99, ptr %96, align 4, !alias.scope !5, !noalias !8
  ret ptr null
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: readwrite)
declare void @llvm.experimental.noalias.scope.decl(metadata) #1

attributes #0 = { mustprogress nofree norecurse nosync nounwind willreturn memory(readwrite, target_mem: none) uwtable "frame-pointer"="all" "prefer-vector-width"="256" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: readwrite) }

!llvm.module.flags = !{!0, !1}
!xla_cpu_memory_region_name = !{!2}

!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = !{i32 1, !"xla_dylib_index", i64 13}
!2 = !{!"xla_cpu_emitter__loop_fusion_kernel_emitter__hlo_opcode__fusion"}
!3 = !{}
!4 = !{i64 64}
!5 = !{!6}
!6 = distinct !{!6, !7, !"multiply_add_fusion.6_wrapped: argument 0"}
!7 = distinct !{!7, !"multiply_add_fusion.6_wrapped"}
!8 = !{!9}
!9 = distinct !{!9, !7, !"multiply_add_fusion.6_wrapped: argument 1"}
