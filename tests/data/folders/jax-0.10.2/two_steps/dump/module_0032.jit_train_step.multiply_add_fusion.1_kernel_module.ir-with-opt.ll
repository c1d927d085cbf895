; ModuleID = '__compute_module_multiply_add_fusion.1_kernel_module'
source_filename = "__compute_module_multiply_add_fusion.1_kernel_module"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Function Attrs: nofree norecurse nosync nounwind memory(readwrite, target_mem: none) uwtable
define noalias noundef ptr @multiply_add_fusion.1(ptr nofree readonly captures(none) %0) local_unnamed_addr #0 {
  %2 = getelementptr inbounds nuw i8, ptr %0, i64 24
  %3 = load ptr, ptr %2, align 8, !invariant.load !3
  %4 = load ptr, ptr %3, align 8, !invariant.load !3, !dereferenceable !4
  %5 = getelementptr inbounds nuw i8, ptr %3, i64 16
  %6 = load ptr, ptr %5, align 8, !invariant.load !3, !dereferenceable !4
  tail call void @llvm.experimental.noalias.scope.decl(metadata !5)
  tail call void @llvm.experimental.noalias.scope.decl(metadata !8)
  br label %7

7:                                                ; preds = %1, %7
  %8 = phi i64 [ 0, %1 ], [ %121, %7 ]
  %9 = shl nuw nsw i64 %8, 4
  %10 = getelementptr inbounds nuw [4 x i8], ptr %6, i64 %9
  %11 = load float, ptr %10, align 4, !alias.scope !8, !noalias !5
  %12 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %9
  %13 = load float, ptr %12, align 4, !invariant.load !3, !alias.scope !5, !noalias !8
  %14 = fmul float %11, f0x3F666666
  %15 = fadd float %13, %14
  store float %15, ptr %10, align 4, !alias.scope !8, !noalias !5
  %16 = or disjoint i64 %9, 1
  %17 = getelementptr inbounds nuw [4 x i8], ptr %6, i64 %16
  %18 = load float, ptr %17, align 4, !alias.scope !8, !noalias !5
  %19 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %16
  %20 = load float, ptr %19, align 4, !invariant.load !3, !alias.scope !5, !noalias !8
  %21 = fmul float %18, f0x3F666666
  %22 = fadd float %20, %21
  store float %22, ptr %17, align 4, !alias.scope !8, !noalias !5
  %23 = or disjoint i64 %9, 2
  %24 = getelementptr inbounds nuw [4 x i8], ptr %6, i64 %23
  %25 = load float, ptr %24, align 4, !alias.scope !8, !noalias !5
  %26 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %23
  %27 = load float, ptr %26, align 4, !invariant.load !3, !alias.scope !5, !noalias !8
  %28 = fmul float %25, f0x3F666666
  %29 = fadd float %27, %28
  store float %29, ptr %24, align 4, !alias.scope !8, !noalias !5
  %30 = or disjoint i64 %9, 3
  %31 = getelementptr inbounds nuw [4 x i8], ptr %6, i64 %30
  %32 = load float, ptr %31, align 4, !alias.scope !8, !noalias !5
  %33 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %30
  %34 = load float, ptr %33, align 4, !invariant.load !3, !alias.scope !5, !noalias !8
  %35 = fmul float %32, f0x3F666666
  %36 = fadd float %34, %35
  store float %36, ptr %31, align 4, !alias.scope !8, !noalias !5
  %37 = or disjoint i64 %9, 4
  %38 = getelementptr inbounds nuw [4 x i8], ptr %6, i64 %37
  %39 = load float, ptr %38, align 4, !alias.scope !8, !noalias !5
  %40 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %37
  %41 = load float, ptr %40, align 4, !invariant.load !3, !alias.scope !5, !noalias !8
  %42 = fmul float %39, f0x3F666666
  %43 = fadd float %41, %42
  store float %43, ptr %38, align 4, !alias.scope !8, !noalias !5
  %44 = or disjoint i64 %9, 5
  %45 = getelementptr inbounds nuw [4 x i8], ptr %6, i64 %44
  %46 = load float, ptr %45, align 4, !alias.scope !8, !noalias !5
  %47 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %44
  %48 = load float, ptr %47, align 4, !invariant.load !3, !alias.scope !5, !noalias !8
  %49 = fmul float %46, f0x3F666666
  %50 = fadd float %48, %49
  store float %50, ptr %45, align 4, !alias.scope !8, !noalias !5
  %51 = or disjoint i64 %9, 6
  %52 = getelementptr inbounds nuw [4 x i8], ptr %6, i64 %51
  %53 = load float, ptr %52, align 4, !alias.scope !8, !noalias !5
  %54 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %51
  %55 = load float, ptr %54, align 4, !invariant.load !3, !alias.scope !5, !noalias !8
  %56 = fmul float %53, f0x3F666666
  %57 = fadd float %55, %56
  store float %57, ptr %52, align 4, !alias.scope !8, !noalias !5
  %58 = or disjoint i64 %9, 7
  %59 = getelementptr inbounds nuw [4 x i8], ptr %6, i64 %58
  %60 = load float, ptr %59, align 4, !alias.scope !8, !noalias !5
  %61 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %58
  %62 = load float, ptr %61, align 4, !invariant.load !3, !alias.scope !5, !noalias !8
  %63 = fmul float %60, f0x3F666666
  %64 = fadd float %62, %63
  store float %64, ptr %59, align 4, !alias.scope !8, !noalias !5
  %65 = or disjoint i64 %9, 8
  %66 = getelementptr inbounds nuw [4 x i8], ptr %6, i64 %65
  %67 = load float, ptr %66, align 4, !alias.scope !8, !noalias !5
  %68 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %65
  %69 = load float, ptr %68, align 4, !invariant.load !3, !alias.scope !5, !noalias !8
  %70 = fmul float %67, f0x3F666666
  %71 = fadd float %69, %70
  store float %71, ptr %66, align 4, !alias.scope !8, !noalias !5
  %72 = or disjoint i64 %9, 9
  %73 = getelementptr inbounds nuw [4 x i8], ptr %6, i64 %72
  %74 = load float, ptr %73, align 4, !alias.scope !8, !noalias !5
  %75 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %72
  %76 = load float, ptr %75, align 4, !invariant.load !3, !alias.scope !5, !noalias !8
  %77 = fmul float %74, f0x3F666666
  %78 = fadd float %76, %77
  store float %78, ptr %73, align 4, !alias.scope !8, !noalias !5
  %79 = or disjoint i64 %9, 10
  %80 = getelementptr inbounds nuw [4 x i8], ptr %6, i64 %79
  %81 = load float, ptr %80, align 4, !alias.scope !8, !noalias !5
  %82 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %79
  %83 = load float, ptr %82, align 4, !invariant.load !3, !alias.scope !5, !noalias !8
  %84 = fmul float %81, f0x3F666666
  %85 = fadd float %83, %84
  store float %85, ptr %80, align 4, !alias.scope !8, !noalias !5
  %86 = or disjoint i64 %9, 11
  %87 = getelementptr inbounds nuw [4 x i8], ptr %6, i64 %86
  %88 = load float, ptr %87, align 4, !alias.scope !8, !noalias !5
  %89 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %86
  %90 = load float, ptr %89, align 4, !invariant.load !3, !alias.scope !5, !noalias !8
  %91 = fmul float %88, f0x3F666666
  %92 = fadd float %90, %91
  store float %92, ptr %87, align 4, !alias.scope !8, !noalias !5
  %93 = or disjoint i64 %9, 12
  %94 = getelementptr inbounds nuw [4 x i8], ptr %6, i64 %93
  %95 = load float, ptr %94, align 4, !alias.scope !8, !noalias !5
  %96 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %93
  %97 = load float, ptr %96, align 4, !invariant.load !3, !alias.scope !5, !noalias !8
  %98 = fmul float %95, f0x3F666666
  %99 = fadd float %97, %98
  store float %99, ptr %94, align 4, !alias.scope !8, !noalias !5
  %100 = or disjoint i64 %9, 13
  %101 = getelementptr inbounds nuw [4 x i8], ptr %6, i64 %100
  %102 = load float, ptr %101, align 4, !alias.scope !8, !noalias !5
  %103 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %100
  %104 = load float, ptr %103, align 4, !invariant.load !3, !alias.scope !5, !noalias !8
  %105 = fmul float %102, f0x3F666666
  %106 = fadd float %104, %105
  store float %106, ptr %101, align 4, !alias.scope !8, !noalias !5
  %107 = or disjoint i64 %9, 14
  %108 = getelementptr inbounds nuw [4 x i8], ptr %6, i64 %107
  %109 = load float, ptr %108, align 4, !alias.scope !8, !noalias !5
  %110 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %107
  %111 = load float, ptr %110, align 4, !invariant.load !3, !alias.scope !5, !noalias !8
  %112 = fmul float %109, f0x3F666666
  %113 = fadd float %111, %112
  store float %113, ptr %108, align 4, !alias.scope !8, !noalias !5
  %114 = or disjoint i64 %9, 15
  %115 = getelementptr inbounds nuw [4 x i8], ptr %6, i64 %114
  %116 = load float, ptr %115, align 4, !alias.scope !8, !noalias !5
  %117 = getelementptr inbounds nuw [4 x i8], ptr %4, i64 %114
  %118 = load float, ptr %117, align 4, !invariant.load !3, !alias.scope !5, !noalias !8
  %119 = fmul float %116, f0x3F666666
  %120 = fadd float %118, %119
  store float %120, ptr %115, align 4, !alias.scope !8, !noalias !5
  %121 = add nuw nsw i64 %8, 1
  %exitcond.not = icmp eq i64 %121, 16
  br i1 %exitcond.not, label %multiply_add_fusion.1_wrapped.exit, label %7, !llvm.loop !10

multiply_add_fusion.1_wrapped.exit:               ; preds = %7
  ret ptr null
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: readwrite)
declare void @llvm.experimental.noalias.scope.decl(metadata) #1

attributes #0 = { nofree norecurse nosync nounwind memory(readwrite, target_mem: none) uwtable "frame-pointer"="all" "prefer-vector-width"="256" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: readwrite) }

!llvm.module.flags = !{!0, !1}
!xla_cpu_memory_region_name = !{!2}

!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = !{i32 1, !"xla_dylib_index", i64 10}
!2 = !{!"xla_cpu_emitter__loop_fusion_kernel_emitter__hlo_opcode__fusion"}
!3 = !{}
!4 = !{i64 1024}
!5 = !{!6}
!6 = distinct !{!6, !7, !"multiply_add_fusion.1_wrapped: argument 0"}
!7 = distinct !{!7, !"multiply_add_fusion.1_wrapped"}
!8 = !{!9}
!9 = distinct !{!9, !7, !"multiply_add_fusion.1_wrapped: argument 1"}
!10 = distinct !{!10, !11}
!11 = !{!"llvm.loop.unroll.disable"}
