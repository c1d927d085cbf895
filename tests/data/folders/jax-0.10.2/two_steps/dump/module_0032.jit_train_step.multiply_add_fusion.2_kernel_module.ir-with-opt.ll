; ModuleID = '__compute_module_multiply_add_fusion.2_kernel_module'
source_filename = "__compute_module_multiply_add_fusion.2_kernel_module"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(readwrite, target_mem: none) uwtable
define noalias noundef ptr @multiply_add_fusion.2(ptr nofree readonly captures(none) %0) local_unnamed_addr #0 {
multiply_add_fusion.2_wrapped.exit:
  %1 = getelementptr inbounds nuw i8, ptr %0, i64 24
  %2 = load ptr, ptr %1, align 8, !invariant.load !3
  %3 = load ptr, ptr %2, align 8, !invariant.load !3, !dereferenceable !4
  %4 = getelementptr inbounds nuw i8, ptr %2, i64 16
  %5 = load ptr, ptr %4, align 8, !invariant.load !3, !dereferenceable !4
  %6 = getelementptr inbounds nuw i8, ptr %2, i64 32
  %7 = load ptr, ptr %6, align 8, !invariant.load !3, !dereferenceable !4
  tail call void @llvm.experimental.noalias.scope.decl(metadata !5)
  tail call void @llvm.experimental.noalias.scope.decl(metadata !8)
  tail call void @llvm.experimental.noalias.scope.decl(metadata !10)
  %8 = load float, ptr %5, align 4, !invariant.load !3, !alias.scope !8, !noalias !12
  %9 = load float, ptr %3, align 4, !invariant.load !3, !alias.scope !5, !noalias !13
  %10 = fmul float %8, 1.000000e-01
  %11 = fsub float %9, %10
  store float %11, ptr %7, align 4, !alias.scope !10, !noalias !14
  %12 = getelementptr inbounds nuw i8, ptr %5, i64 4
  %13 = load float, ptr %12, align 4, !invariant.load !3, !alias.scope !8, !noalias !12
  %14 = getelementptr inbounds nuw i8, ptr %3, i64 4
  %15 = load float, ptr %14, align 4, !invariant.load !3, !alias.scope !5, !noalias !13
  %16 = fmul float %13, 1.000000e-01
  %17 = fsub float %15, %16
  %18 = getelementptr inbounds nuw i8, ptr %7, i64 4
  store float %17, ptr %18, align 4, !alias.scope !10, !noalias !14
  %19 = getelementptr inbounds nuw i8, ptr %5, i64 8
  %20 = load float, ptr %19, align 4, !invariant.load !3, !alias.scope !8, !noalias !12
  %21 = getelementptr inbounds nuw i8, ptr %3, i64 8
  %22 = load float, ptr %21, align 4, !invariant.load !3, !alias.scope !5, !noalias !13
  %23 = fmul float %20, 1.000000e-01
  %24 = fsub float %22, %23
  %25 = getelementptr inbounds nuw i8, ptr %7, i64 8
  store float %24, ptr %25, align 4, !alias.scope !10, !noalias !14
  %26 = getelementptr inbounds nuw i8, ptr %5, i64 12
  %27 = load float, ptr %26, align 4, !invariant.load !3, !alias.scope !8, !noalias !12
  %28 = getelementptr inbounds nuw i8, ptr %3, i64 12
  %29 = load float, ptr %28, align 4, !invariant.load !3, !alias.scope !5, !noalias !13
  %30 = fmul float %27, 1.000000e-01
  %31 = fsub float %29, %30
  %32 = getelementptr inbounds nuw i8, ptr %7, i64 12
  store float %31, ptr %32, align 4, !alias.scope !10, !noalias !14
  %33 = getelementptr inbounds nuw i8, ptr %5, i64 16
  %34 = load float, ptr %33, align 4, !invariant.load !3, !alias.scope !8, !noalias !12
  %35 = getelementptr inbounds nuw i8, ptr %3, i64 16
  %36 = load float, ptr %35, align 4, !invariant.load !3, !alias.scope !5, !noalias !13
  %37 = fmul float %34, 1.000000e-01
  %38 = fsub float %36, %37
  %39 = getelementptr inbounds nuw i8, ptr %7, i64 16
  store float %38, ptr %39, align 4, !alias.scope !10, !noalias !14
  %40 = getelementptr inbounds nuw i8, ptr %5, i64 20
  %41 = load float, ptr %40, align 4, !invariant.load !3, !alias.scope !8, !noalias !12
  %42 = getelementptr inbounds nuw i8, ptr %3, i64 20
  %43 = load float, ptr %42, align 4, !invariant.load !3, !alias.scope !5, !noalias !13
  %44 = fmul float %41, 1.000000e-01
  %45 = fsub float %43, %44
  %46 = getelementptr inbounds nuw i8, ptr %7, i64 20
  store float %45, ptr %46, align 4, !alias.scope !10, !noalias !14
  %47 = getelementptr inbounds nuw i8, ptr %5, i64 24
  %48 = load float, ptr %47, align 4, !invariant.load !3, !alias.scope !8, !noalias !12
  %49 = getelementptr inbounds nuw i8, ptr %3, i64 24
  %50 = load float, ptr %49, align 4, !invariant.load !3, !alias.scope !5, !noalias !13
  %51 = fmul float %48, 1.000000e-01
  %52 = fsub float %50, %51
  %53 = getelementptr inbounds nuw i8, ptr %7, i64 24
  store float %52, ptr %53, align 4, !alias.scope !10, !noalias !14
  %54 = getelementptr inbounds nuw i8, ptr %5, i64 28
  %55 = load float, ptr %54, align 4, !invariant.load !3, !alias.scope !8, !noalias !12
  %56 = getelementptr inbounds nuw i8, ptr %3, i64 28
  %57 = load float, ptr %56, align 4, !invariant.load !3, !alias.scope !5, !noalias !13
  %58 = fmul float %55, 1.000000e-01
  %59 = fsub float %57, %58
  %60 = getelementptr inbounds nuw i8, ptr %7, i64 28
  store float %59, ptr %60, align 4, !alias.scope !10, !noalias !14
  %61 = getelementptr inbounds nuw i8, ptr %5, i64 32
  %62 = load float, ptr %61, align 4, !invariant.load !3, !alias.scope !8, !noalias !12
  %63 = getelementptr inbounds nuw i8, ptr %3, i64 32
  %64 = load float, ptr %63, align 4, !invariant.load !3, !alias.scope !5, !noalias !13
  %65 = fmul float %62, 1.000000e-01
  %66 = fsub float %64, %65
  %67 = getelementptr inbounds nuw i8, ptr %7, i64 32
  store float %66, ptr %67, align 4, !alias.scope !10, !noalias !14
  %68 = getelementptr inbounds nuw i8, ptr %5, i64 36
  %69 = load float, ptr %68, align 4, !invariant.load !3, !alias.scope !8, !noalias !12
  %70 = getelementptr inbounds nuw i8, ptr %3, i64 36
  %71 = load float, ptr %70, align 4, !invariant.load !3, !alias.scope !5, !noalias !13
  %72 = fmul float %69, 1.000000e-01
  %73 = fsub float %71, %72
  %74 = getelementptr inbounds nuw i8, ptr %7, i64 36
  store float %73, ptr %74, align 4, !alias.scope !10, !noalias !14
  %75 = getelementptr inbounds nuw i8, ptr %5, i64 40
  %76 = load float, ptr %75, align 4, !invariant.load !3, !alias.scope !8, !noalias !12
  %77 = getelementptr inbounds nuw i8, ptr %3, i64 40
  %78 = load float, ptr %77, align 4, !invariant.load !3, !alias.scope !5, !noalias !13
  %79 = fmul float %76, 1.000000e-01
  %80 = fsub float %78, %79
  %81 = getelementptr inbounds nuw i8, ptr %7, i64 40
  store float %80, ptr %81, align 4, !alias.scope !10, !noalias !14
  %82 = getelementptr inbounds nuw i8, ptr %5, i64 44
  %83 = load float, ptr %82, align 4, !invariant.load !3, !alias.scope !8, !noalias !12
  %84 = getelementptr inbounds nuw i8, ptr %3, i64 44
  %85 = load float, ptr %84, align 4, !invariant.load !3, !alias.scope !5, !noalias !13
  %86 = fmul float %83, 1.000000e-01
  %87 = fsub float %85, %86
  %88 = getelementptr inbounds nuw i8, ptr %7, i64 44
  store float %87, ptr %88, align 4, !alias.scope !10, !noalias !14
  %89 = getelementptr inbounds nuw i8, ptr %5, i64 48
  %90 = load float, ptr %89, align 4, !invariant.load !3, !alias.scope !8, !noalias !12
  %91 = getelementptr inbounds nuw i8, ptr %3, i64 48
  %92 = load float, ptr %91, align 4, !invariant.load !3, !alias.scope !5, !noalias !13
  %93 = fmul float %90, 1.000000e-01
  %94 = fsub float %92, %93
  %95 = getelementptr inbounds nuw i8, ptr %7, i64 48
  store float %94, ptr %95, align 4, !alias.scope !10, !noalias !14
  %96 = getelementptr inbounds nuw i8, ptr %5, i64 52
  %97 = load float, ptr %96, align 4, !invariant.load !3, !alias.scope !8, !noalias !12
  %98 = getelementptr inbounds nuw i8, ptr %3, i64 52
  %99 = load float, ptr %98, align 4, !invariant.load !3, !alias.scope !5, !noalias !13
  %100 = fmul float %97, 1.000000e-01
  %101 = fsub float %99, %100
  %102 = getelementptr inbounds nuw i8, ptr %7, i64 52
  store float %101, ptr %102, align 4, !alias.scope !10, !noalias !14
  %103 = getelementptr inbounds nuw i8, ptr %5, i64 56
  %104 = load float, ptr %103, align 4, !invariant.load !3, !alias.scope !8, !noalias !12
  %105 = getelementptr inbounds nuw i8, ptr %3, i64 56
  %106 = load float, ptr %105, align 4, !invariant.load !3, !alias.scope !5, !noalias !13
  %107 = fmul float %104, 1.000000e-01
  %108 = fsub float %106, %107
  %109 = getelementptr inbounds nuw i8, ptr %7, i64 56
  store float %108, ptr %109, align 4, !alias.scope !10, !noalias !14
  %110 = getelementptr inbounds nuw i8, ptr %5, i64 60
  %111 = load float, ptr %110, align 4, !invariant.load !3, !alias.scope !8, !noalias !12
  %112 = getelementptr inbounds nuw i8, ptr %3, i64 60
  %113 = load float, ptr %112, align 4, !invariant.load !3, !alias.scope !5, !noalias !13
  %114 = fmul float %111, 1.000000e-01
  %115 = fsub float %113, %114
  %116 = getelementptr inbounds nuw i8, ptr %7, i64 60
  store float %115, ptr %116, align 4, !alias.scope !10, !noalias !14
  ret ptr null
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: readwrite)
declare void @llvm.experimental.noalias.scope.decl(metadata) #1

attributes #0 = { mustprogress nofree norecurse nosync nounwind willreturn memory(readwrite, target_mem: none) uwtable "frame-pointer"="all" "prefer-vector-width"="256" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: readwrite) }

!llvm.module.flags = !{!0, !1}
!xla_cpu_memory_region_name = !{!2}

!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = !{i32 1, !"xla_dylib_index", i64 11}
!2 = !{!"xla_cpu_emitter__loop_fusion_kernel_emitter__hlo_opcode__fusion"}
!3 = !{}
!4 = !{i64 64}
!5 = !{!6}
!6 = distinct !{!6, !7, !"multiply_add_fusion.2_wrapped: argument 0"}
!7 = distinct !{!7, !"multiply_add_fusion.2_wrapped"}
!8 = !{!9}
!9 = distinct !{!9, !7, !"multiply_add_fusion.2_wrapped: argument 1"}
!10 = !{!11}
!11 = distinct !{!11, !7, !"multiply_add_fusion.2_wrapped: argument 2"}
!12 = !{!6, !11}
!13 = !{!9, !11}
!14 = !{!6, !9}
