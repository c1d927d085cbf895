; ModuleID = '__compute_module_multiply_add_fusion.3_kernel_module'
source_filename = "__compute_module_multiply_add_fusion.3_kernel_module"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Function Attrs: nofree norecurse nosync nounwind memory(readwrite, target_mem: none) uwtable
define noalias noundef ptr @multiply_add_fusion.3(ptr nofree readonly captures(none) %0) local_unnamed_addr #0 {
vector.ph:
  %1 = getelementptr inbounds nuw i8, ptr %0, i64 24
  %2 = load ptr, ptr %1, align 8, !invariant.load !3
  %3 = load ptr, ptr %2, align 8, !invariant.load !3, !dereferenceable !4
  %4 = getelementptr inbounds nuw i8, ptr %2, i64 16
  %5 = load ptr, ptr %4, align 8, !invariant.load !3, !dereferenceable !5
  tail call void @llvm.experimental.noalias.scope.decl(metadata !6)
  tail call void @llvm.experimental.noalias.scope.decl(metadata !9)
  br label %vector.body

vector.body:                                      ; preds = %vector.body, %vector.ph
  %index = phi i64 [ 0, %vector.ph ], [ %index.next, %vector.body ]
  %6 = getelementptr inbounds nuw [4 x i8], ptr %3, i64 %index
  %wide.load = load <8 x float>, ptr %6, align 4, !alias.scope !6, !noalias !9
  %7 = getelementptr [4 x i8], ptr %5, i64 %index
  %wide.load2 = load <8 x float>, ptr %7, align 4, !invariant.load !3, !alias.scope !9, !noalias !6
  %8 = fadd reassoc <8 x float> %wide.load2, zeroinitializer
  %9 = getelementptr i8, ptr %7, i64 64
  %wide.load3 = load <8 x float>, ptr %9, align 4, !invariant.load !3, !alias.scope !9, !noalias !6
  %10 = fadd reassoc <8 x float> %8, %wide.load3
  %11 = getelementptr i8, ptr %7, i64 128
  %wide.load4 = load <8 x float>, ptr %11, align 4, !invariant.load !3, !alias.scope !9, !noalias !6
  %12 = fadd reassoc <8 x float> %10, %wide.load4
  %13 = getelementptr i8, ptr %7, i64 192
  %wide.load5 = load <8 x float>, ptr %13, align 4, !invariant.load !3, !alias.scope !9, !noalias !6
  %14 = fadd reassoc <8 x float> %12, %wide.load5
  %15 = getelementptr i8, ptr %7, i64 256
  %wide.load6 = load <8 x float>, ptr %15, align 4, !invariant.load !3, !alias.scope !9, !noalias !6
  %16 = fadd reassoc <8 x float> %14, %wide.load6
  %17 = getelementptr i8, ptr %7, i64 320
  %wide.load7 = load <8 x float>, ptr %17, align 4, !invariant.load !3, !alias.scope !9, !noalias !6
  %18 = fadd reassoc <8 x float> %16, %wide.load7
  %19 = getelementptr i8, ptr %7, i64 384
  %wide.load8 = load <8 x float>, ptr %19, align 4, !invariant.load !3, !alias.scope !9, !noalias !6
  %20 = fadd reassoc <8 x float> %18, %wide.load8
  %21 = getelementptr i8, ptr %7, i64 448
  %wide.load9 = load <8 x float>, ptr %21, align 4, !invariant.load !3, !alias.scope !9, !noalias !6
  %22 = fadd reassoc <8 x float> %20, %wide.load9
  %23 = fmul <8 x float> %wide.load, splat (float f0x3F666666)
  %24 = fadd <8 x float> %23, %22
  store <8 x float> %24, ptr %6, align 4, !alias.scope !6, !noalias !9
  %index.next = add nuw i64 %index, 8
  %25 = icmp eq i64 %index.next, 16
  br i1 %25, label %multiply_add_fusion.3_wrapped.exit, label %vector.body, !llvm.loop !11

multiply_add_fusion.3_wrapped.exit:               ; preds = %vector.body
  ret ptr null
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: readwrite)
declare void @llvm.experimental.noalias.scope.decl(metadata) #1

attributes #0 = { nofree norecurse nosync nounwind memory(readwrite, target_mem: none) uwtable "frame-pointer"="all" "prefer-vector-width"="256" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: readwrite) }

!llvm.module.flags = !{!0, !1}
!xla_cpu_memory_region_name = !{!2}

!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = !{i32 1, !"xla_dylib_index", i64 12}
!2 = !{!"xla_cpu_emitter__loop_fusion_kernel_emitter__hlo_opcode__fusion"}
!3 = !{}
!4 = !{i64 64}
!5 = !{i64 512}
!6 = !{!7}
!7 = distinct !{!7, !8, !"multiply_add_fusion.3_wrapped: argument 0"}
!8 = distinct !{!8, !"multiply_add_fusion.3_wrapped"}
!9 = !{!10}
!10 = distinct !{!10, !8, !"multiply_add_fusion.3_wrapped: argument 1"}
!11 = distinct !{!11, !12, !13, !14}
!12 = !{!"llvm.loop.unroll.disable"}
!13 = !{!"llvm.loop.isvectorized", i32 1}
!14 = !{!"llvm.loop.unroll.runtime.disable"}
