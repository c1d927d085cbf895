; ModuleID = '__compute_module_broadcast_add_fusion.1_kernel_module'
source_filename = "__compute_module_broadcast_add_fusion.1_kernel_module"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Function Attrs: nofree norecurse nosync nounwind memory(readwrite, target_mem: none) uwtable
define noalias noundef ptr @broadcast_add_fusion.1(ptr nofree readonly captures(none) %0) local_unnamed_addr #0 {
  %2 = getelementptr inbounds nuw i8, ptr %0, i64 24
  %3 = load ptr, ptr %2, align 8, !invariant.load !3
  %4 = load ptr, ptr %3, align 8, !invariant.load !3, !dereferenceable !4
  %5 = getelementptr inbounds nuw i8, ptr %3, i64 16
  %6 = load ptr, ptr %5, align 8, !invariant.load !3, !dereferenceable !5
  %7 = getelementptr inbounds nuw i8, ptr %3, i64 32
  %8 = load ptr, ptr %7, align 8, !invariant.load !3, !dereferenceable !6
  %9 = getelementptr inbounds nuw i8, ptr %3, i64 48
  %10 = load ptr, ptr %9, align 8, !invariant.load !3, !dereferenceable !6
  %11 = getelementptr inbounds nuw i8, ptr %3, i64 64
  %12 = load ptr, ptr %11, align 8, !invariant.load !3, !dereferenceable !6
  tail call void @llvm.experimental.noalias.scope.decl(metadata !7)
  tail call void @llvm.experimental.noalias.scope.decl(metadata !10)
  tail call void @llvm.experimental.noalias.scope.decl(metadata !12)
  tail call void @llvm.experimental.noalias.scope.decl(metadata !14)
  tail call void @llvm.experimental.noalias.scope.decl(metadata !16)
  %13 = load i32, ptr %6, align 4, !invariant.load !3, !alias.scope !10, !noalias !18
  %.fr13 = freeze i32 %13
  %14 = sub i32 32, %.fr13
  %15 = icmp ult i32 %.fr13, 32
  %16 = icmp ult i32 %14, 32
  %17 = getelementptr inbounds nuw i8, ptr %6, i64 4
  %18 = load i32, ptr %17, align 4, !invariant.load !3, !alias.scope !10, !noalias !18
  %.fr = freeze i32 %18
  %19 = sub i32 32, %.fr
  %20 = icmp ult i32 %.fr, 32
  %21 = icmp ult i32 %19, 32
  %22 = getelementptr inbounds nuw i8, ptr %6, i64 8
  %23 = load i32, ptr %22, align 4, !invariant.load !3, !alias.scope !10, !noalias !18
  %.fr14 = freeze i32 %23
  %24 = sub i32 32, %.fr14
  %25 = icmp ult i32 %.fr14, 32
  %26 = icmp ult i32 %24, 32
  %27 = load i32, ptr %4, align 4, !invariant.load !3, !alias.scope !7, !noalias !19
  br i1 %15, label %.split4.us, label %.split.preheader

.split.preheader:                                 ; preds = %1
  %broadcast.splatinsert69 = insertelement <8 x i32> poison, i32 %27, i64 0
  %broadcast.splat70 = shufflevector <8 x i32> %broadcast.splatinsert69, <8 x i32> poison, <8 x i32> zeroinitializer
  %broadcast.splatinsert67 = insertelement <8 x i32> poison, i32 %24, i64 0
  %broadcast.splat68 = shufflevector <8 x i32> %broadcast.splatinsert67, <8 x i32> poison, <8 x i32> zeroinitializer
  %broadcast.splatinsert65 = insertelement <8 x i32> poison, i32 %.fr14, i64 0
  %broadcast.splat66 = shufflevector <8 x i32> %broadcast.splatinsert65, <8 x i32> poison, <8 x i32> zeroinitializer
  %broadcast.splatinsert63 = insertelement <8 x i32> poison, i32 %19, i64 0
  %broadcast.splat64 = shufflevector <8 x i32> %broadcast.splatinsert63, <8 x i32> poison, <8 x i32> zeroinitializer
  %broadcast.splatinsert61 = insertelement <8 x i32> poison, i32 %.fr, i64 0
  %broadcast.splat62 = shufflevector <8 x i32> %broadcast.splatinsert61, <8 x i32> poison, <8 x i32> zeroinitializer
  %broadcast.splatinsert = insertelement <8 x i32> poison, i32 %14, i64 0
  %broadcast.splat = shufflevector <8 x i32> %broadcast.splatinsert, <8 x i32> poison, <8 x i32> zeroinitializer
  br label %.split

.split4.us:                                       ; preds = %1
  br i1 %16, label %.split4.us.split.us, label %.split.us.us.preheader

.split.us.us.preheader:                           ; preds = %.split4.us
  %broadcast.splatinsert83 = insertelement <8 x i32> poison, i32 %27, i64 0
  %broadcast.splat84 = shufflevector <8 x i32> %broadcast.splatinsert83, <8 x i32> poison, <8 x i32> zeroinitializer
  %broadcast.splatinsert81 = insertelement <8 x i32> poison, i32 %24, i64 0
  %broadcast.splat82 = shufflevector <8 x i32> %broadcast.splatinsert81, <8 x i32> poison, <8 x i32> zeroinitializer
  %broadcast.splatinsert79 = insertelement <8 x i32> poison, i32 %.fr14, i64 0
  %broadcast.splat80 = shufflevector <8 x i32> %broadcast.splatinsert79, <8 x i32> poison, <8 x i32> zeroinitializer
  %broadcast.splatinsert77 = insertelement <8 x i32> poison, i32 %19, i64 0
  %broadcast.splat78 = shufflevector <8 x i32> %broadcast.splatinsert77, <8 x i32> poison, <8 x i32> zeroinitializer
  %broadcast.splatinsert75 = insertelement <8 x i32> poison, i32 %.fr, i64 0
  %broadcast.splat76 = shufflevector <8 x i32> %broadcast.splatinsert75, <8 x i32> poison, <8 x i32> zeroinitializer
  %broadcast.splatinsert73 = insertelement <8 x i32> poison, i32 %.fr13, i64 0
  %broadcast.splat74 = shufflevector <8 x i32> %broadcast.splatinsert73, <8 x i32> poison, <8 x i32> zeroinitializer
  br label %.split.us.us

.split4.us.split.us:                              ; preds = %.split4.us
  br i1 %20, label %.split4.us.split.us.split.us, label %.split.us.us.us.preheader

.split.us.us.us.preheader:                        ; preds = %.split4.us.split.us
  %broadcast.splatinsert102 = insertelement <8 x i32> poison, i32 %27, i64 0
  %broadcast.splat103 = shufflevector <8 x i32> %broadcast.splatinsert102, <8 x i32> poison, <8 x i32> zeroinitializer
  %broadcast.splatinsert100 = insertelement <8 x i32> poison, i32 %24, i64 0
  %broadcast.splat101 = shufflevector <8 x i32> %broadcast.splatinsert100, <8 x i32> poison, <8 x i32> zeroinitializer
  %broadcast.splatinsert98 = insertelement <8 x i32> poison, i32 %.fr14, i64 0
  %broadcast.splat99 = shufflevector <8 x i32> %broadcast.splatinsert98, <8 x i32> poison, <8 x i32> zeroinitializer
  %broadcast.splatinsert96 = insertelement <8 x i32> poison, i32 %19, i64 0
  %broadcast.splat97 = shufflevector <8 x i32> %broadcast.splatinsert96, <8 x i32> poison, <8 x i32> zeroinitializer
  %broadcast.splatinsert94 = insertelement <8 x i32> poison, i32 %14, i64 0
  %broadcast.splat95 = shufflevector <8 x i32> %broadcast.splatinsert94, <8 x i32> poison, <8 x i32> zeroinitializer
  %broadcast.splatinsert92 = insertelement <8 x i32> poison, i32 %.fr13, i64 0
  %broadcast.splat93 = shufflevector <8 x i32> %broadcast.splatinsert92, <8 x i32> poison, <8 x i32> zeroinitializer
  br label %.split.us.us.us

.split4.us.split.us.split.us:                     ; preds = %.split4.us.split.us
  br i1 %21, label %.split4.us.split.us.split.us.split.us, label %.split.us.us.us.us.preheader

.split.us.us.us.us.preheader:                     ; preds = %.split4.us.split.us.split.us
  %broadcast.splatinsert121 = insertelement <8 x i32> poison, i32 %27, i64 0
  %broadcast.splat122 = shufflevector <8 x i32> %broadcast.splatinsert121, <8 x i32> poison, <8 x i32> zeroinitializer
  %broadcast.splatinsert119 = insertelement <8 x i32> poison, i32 %24, i64 0
  %broadcast.splat120 = shufflevector <8 x i32> %broadcast.splatinsert119, <8 x i32> poison, <8 x i32> zeroinitializer
  %broadcast.splatinsert117 = insertelement <8 x i32> poison, i32 %.fr14, i64 0
  %broadcast.splat118 = shufflevector <8 x i32> %broadcast.splatinsert117, <8 x i32> poison, <8 x i32> zeroinitializer
  %broadcast.splatinsert115 = insertelement <8 x i32> poison, i32 %.fr, i64 0
  %broadcast.splat116 = shufflevector <8 x i32> %broadcast.splatinsert115, <8 x i32> poison, <8 x i32> zeroinitializer
  %broadcast.splatinsert113 = insertelement <8 x i32> poison, i32 %14, i64 0
  %broadcast.splat114 = shufflevector <8 x i32> %broadcast.splatinsert113, <8 x i32> poison, <8 x i32> zeroinitializer
  %broadcast.splatinsert111 = insertelement <8 x i32> poison, i32 %.fr13, i64 0
  %broadcast.splat112 = shufflevector <8 x i32> %broadcast.splatinsert111, <8 x i32> poison, <8 x i32> zeroinitializer
  br label %.split.us.us.us.us

.split4.us.split.us.split.us.split.us:            ; preds = %.split4.us.split.us.split.us
  br i1 %25, label %.split4.us.split.us.split.us.split.us.split.us, label %.split4.us.split.us.split.us.split.us.split

.split4.us.split.us.split.us.split.us.split.us:   ; preds = %.split4.us.split.us.split.us.split.us
  br i1 %26, label %.split.us.us.us.us.us.us.us.preheader, label %.split.us.us.us.us.us.us.preheader

.split.us.us.us.us.us.us.preheader:               ; preds = %.split4.us.split.us.split.us.split.us.split.us
  %broadcast.splatinsert176 = insertelement <8 x i32> poison, i32 %27, i64 0
  %broadcast.splat177 = shufflevector <8 x i32> %broadcast.splatinsert176, <8 x i32> poison, <8 x i32> zeroinitializer
  %broadcast.splatinsert174 = insertelement <8 x i32> poison, i32 %.fr14, i64 0
  %broadcast.splat175 = shufflevector <8 x i32> %broadcast.splatinsert174, <8 x i32> poison, <8 x i32> zeroinitializer
  %broadcast.splatinsert172 = insertelement <8 x i32> poison, i32 %19, i64 0
  %broadcast.splat173 = shufflevector <8 x i32> %broadcast.splatinsert172, <8 x i32> poison, <8 x i32> zeroinitializer
  %broadcast.splatinsert170 = insertelement <8 x i32> poison, i32 %.fr, i64 0
  %broadcast.splat171 = shufflevector <8 x i32> %broadcast.splatinsert170, <8 x i32> poison, <8 x i32> zeroinitializer
  %broadcast.splatinsert168 = insertelement <8 x i32> poison, i32 %14, i64 0
  %broadcast.splat169 = shufflevector <8 x i32> %broadcast.splatinsert168, <8 x i32> poison, <8 x i32> zeroinitializer
  %broadcast.splatinsert166 = insertelement <8 x i32> poison, i32 %.fr13, i64 0
  %broadcast.splat167 = shufflevector <8 x i32> %broadcast.splatinsert166, <8 x i32> poison, <8 x i32> zeroinitializer
  br label %.split.us.us.us.us.us.us

.split.us.us.us.us.us.us.us.preheader:            ; preds = %.split4.us.split.us.split.us.split.us.split.us
  %broadcast.splatinsert197 = insertelement <8 x i32> poison, i32 %27, i64 0
  %broadcast.splat198 = shufflevector <8 x i32> %broadcast.splatinsert197, <8 x i32> poison, <8 x i32> zeroinitializer
  %broadcast.splatinsert195 = insertelement <8 x i32> poison, i32 %24, i64 0
  %broadcast.splat196 = shufflevector <8 x i32> %broadcast.splatinsert195, <8 x i32> poison, <8 x i32> zeroinitializer
  %broadcast.splatinsert193 = insertelement <8 x i32> poison, i32 %.fr14, i64 0
  %broadcast.splat194 = shufflevector <8 x i32> %broadcast.splatinsert193, <8 x i32> poison, <8 x i32> zeroinitializer
  %broadcast.splatinsert191 = insertelement <8 x i32> poison, i32 %19, i64 0
  %broadcast.splat192 = shufflevector <8 x i32> %broadcast.splatinsert191, <8 x i32> poison, <8 x i32> zeroinitializer
  %broadcast.splatinsert189 = insertelement <8 x i32> poison, i32 %.fr, i64 0
  %broadcast.splat190 = shufflevector <8 x i32> %broadcast.splatinsert189, <8 x i32> poison, <8 x i32> zeroinitializer
  %broadcast.splatinsert187 = insertelement <8 x i32> poison, i32 %14, i64 0
  %broadcast.splat188 = shufflevector <8 x i32> %broadcast.splatinsert187, <8 x i32> poison, <8 x i32> zeroinitializer
  %broadcast.splatinsert185 = insertelement <8 x i32> poison, i32 %.fr13, i64 0
  %broadcast.splat186 = shufflevector <8 x i32> %broadcast.splatinsert185, <8 x i32> poison, <8 x i32> zeroinitializer
  br label %.split.us.us.us.us.us.us.us

.split.us.us.us.us.us.us.us:                      ; preds = %.split.us.us.us.us.us.us.us.preheader, %.split.us.us.us.us.us.us.us
  %28 = phi i64 [ %71, %.split.us.us.us.us.us.us.us ], [ 0, %.split.us.us.us.us.us.us.us.preheader ]
  %29 = shl nuw nsw i64 %28, 4
  %30 = getelementptr inbounds nuw [4 x i8], ptr %8, i64 %29
  %wide.load201 = load <8 x i32>, ptr %30, align 4, !invariant.load !3, !alias.scope !12, !noalias !20
  %31 = shl <8 x i32> %wide.load201, %broadcast.splat186
  %32 = lshr <8 x i32> %wide.load201, %broadcast.splat188
  %33 = getelementptr inbounds nuw [4 x i8], ptr %10, i64 %29
  %wide.load202 = load <8 x i32>, ptr %33, align 4, !invariant.load !3, !alias.scope !14, !noalias !21
  %34 = or disjoint <8 x i32> %31, %32
  %35 = add <8 x i32> %wide.load202, %wide.load201
  %36 = xor <8 x i32> %34, %35
  %37 = shl <8 x i32> %36, %broadcast.splat190
  %38 = lshr <8 x i32> %36, %broadcast.splat192
  %39 = or disjoint <8 x i32> %37, %38
  %40 = add <8 x i32> %36, %35
  %41 = xor <8 x i32> %39, %40
  %42 = shl <8 x i32> %41, %broadcast.splat194
  %43 = lshr <8 x i32> %41, %broadcast.splat196
  %44 = or disjoint <8 x i32> %42, %43
  %45 = add <8 x i32> %41, %40
  %46 = xor <8 x i32> %44, %45
  %47 = add <8 x i32> %45, %broadcast.splat198
  %48 = add <8 x i32> %47, %46
  %49 = getelementptr inbounds nuw [4 x i8], ptr %12, i64 %29
  store <8 x i32> %48, ptr %49, align 4, !alias.scope !16, !noalias !22
  %50 = or disjoint i64 %29, 8
  %51 = getelementptr inbounds nuw [4 x i8], ptr %8, i64 %50
  %wide.load201.1 = load <8 x i32>, ptr %51, align 4, !invariant.load !3, !alias.scope !12, !noalias !20
  %52 = shl <8 x i32> %wide.load201.1, %broadcast.splat186
  %53 = lshr <8 x i32> %wide.load201.1, %broadcast.splat188
  %54 = getelementptr inbounds nuw [4 x i8], ptr %10, i64 %50
  %wide.load202.1 = load <8 x i32>, ptr %54, align 4, !invariant.load !3, !alias.scope !14, !noalias !21
  %55 = or disjoint <8 x i32> %52, %53
  %56 = add <8 x i32> %wide.load202.1, %wide.load201.1
  %57 = xor <8 x i32> %55, %56
  %58 = shl <8 x i32> %57, %broadcast.splat190
  %59 = lshr <8 x i32> %57, %broadcast.splat192
  %60 = or disjoint <8 x i32> %58, %59
  %61 = add <8 x i32> %57, %56
  %62 = xor <8 x i32> %60, %61
  %63 = shl <8 x i32> %62, %broadcast.splat194
  %64 = lshr <8 x i32> %62, %broadcast.splat196
  %65 = or disjoint <8 x i32> %63, %64
  %66 = add <8 x i32> %62, %61
  %67 = xor <8 x i32> %65, %66
  %68 = add <8 x i32> %66, %broadcast.splat198
  %69 = add <8 x i32> %68, %67
  %70 = getelementptr inbounds nuw [4 x i8], ptr %12, i64 %50
  store <8 x i32> %69, ptr %70, align 4, !alias.scope !16, !noalias !22
  %71 = add nuw nsw i64 %28, 1
  %exitcond36.not = icmp eq i64 %71, 16
  br i1 %exitcond36.not, label %broadcast_add_fusion.1_wrapped.exit, label %.split.us.us.us.us.us.us.us, !llvm.loop !23

.split.us.us.us.us.us.us:                         ; preds = %.split.us.us.us.us.us.us.preheader, %.split.us.us.us.us.us.us
  %72 = phi i64 [ %111, %.split.us.us.us.us.us.us ], [ 0, %.split.us.us.us.us.us.us.preheader ]
  %73 = shl nuw nsw i64 %72, 4
  %74 = getelementptr inbounds nuw [4 x i8], ptr %8, i64 %73
  %wide.load180 = load <8 x i32>, ptr %74, align 4, !invariant.load !3, !alias.scope !12, !noalias !20
  %75 = shl <8 x i32> %wide.load180, %broadcast.splat167
  %76 = lshr <8 x i32> %wide.load180, %broadcast.splat169
  %77 = getelementptr inbounds nuw [4 x i8], ptr %10, i64 %73
  %wide.load181 = load <8 x i32>, ptr %77, align 4, !invariant.load !3, !alias.scope !14, !noalias !21
  %78 = or disjoint <8 x i32> %75, %76
  %79 = add <8 x i32> %wide.load181, %wide.load180
  %80 = xor <8 x i32> %78, %79
  %81 = shl <8 x i32> %80, %broadcast.splat171
  %82 = lshr <8 x i32> %80, %broadcast.splat173
  %83 = or disjoint <8 x i32> %81, %82
  %84 = add <8 x i32> %80, %79
  %85 = xor <8 x i32> %83, %84
  %86 = shl <8 x i32> %85, %broadcast.splat175
  %87 = add <8 x i32> %85, %84
  %88 = xor <8 x i32> %86, %87
  %89 = add <8 x i32> %87, %broadcast.splat177
  %90 = add <8 x i32> %89, %88
  %91 = getelementptr inbounds nuw [4 x i8], ptr %12, i64 %73
  store <8 x i32> %90, ptr %91, align 4, !alias.scope !16, !noalias !22
  %92 = or disjoint i64 %73, 8
  %93 = getelementptr inbounds nuw [4 x i8], ptr %8, i64 %92
  %wide.load180.1 = load <8 x i32>, ptr %93, align 4, !invariant.load !3, !alias.scope !12, !noalias !20
  %94 = shl <8 x i32> %wide.load180.1, %broadcast.splat167
  %95 = lshr <8 x i32> %wide.load180.1, %broadcast.splat169
  %96 = getelementptr inbounds nuw [4 x i8], ptr %10, i64 %92
  %wide.load181.1 = load <8 x i32>, ptr %96, align 4, !invariant.load !3, !alias.scope !14, !noalias !21
  %97 = or disjoint <8 x i32> %94, %95
  %98 = add <8 x i32> %wide.load181.1, %wide.load180.1
  %99 = xor <8 x i32> %97, %98
  %100 = shl <8 x i32> %99, %broadcast.splat171
  %101 = lshr <8 x i32> %99, %broadcast.splat173
  %102 = or disjoint <8 x i32> %100, %101
  %103 = add <8 x i32> %99, %98
  %104 = xor <8 x i32> %102, %103
  %105 = shl <8 x i32> %104, %broadcast.splat175
  %106 = add <8 x i32> %104, %103
  %107 = xor <8 x i32> %105, %106
  %108 = add <8 x i32> %106, %broadcast.splat177
  %109 = add <8 x i32> %108, %107
  %110 = getelementptr inbounds nuw [4 x i8], ptr %12, i64 %92
  store <8 x i32> %109, ptr %110, align 4, !alias.scope !16, !noalias !22
  %111 = add nuw nsw i64 %72, 1
  %exitcond34.not = icmp eq i64 %111, 16
  br i1 %exitcond34.not, label %broadcast_add_fusion.1_wrapped.exit, label %.split.us.us.us.us.us.us, !llvm.loop !23

.split4.us.split.us.split.us.split.us.split:      ; preds = %.split4.us.split.us.split.us.split.us
  br i1 %26, label %.split.us.us.us.us.us.us11.preheader, label %.split.us.us.us.us.us.preheader

.split.us.us.us.us.us.preheader:                  ; preds = %.split4.us.split.us.split.us.split.us.split
  %broadcast.splatinsert138 = insertelement <8 x i32> poison, i32 %27, i64 0
  %broadcast.splat139 = shufflevector <8 x i32> %broadcast.splatinsert138, <8 x i32> poison, <8 x i32> zeroinitializer
  %broadcast.splatinsert136 = insertelement <8 x i32> poison, i32 %19, i64 0
  %broadcast.splat137 = shufflevector <8 x i32> %broadcast.splatinsert136, <8 x i32> poison, <8 x i32> zeroinitializer
  %broadcast.splatinsert134 = insertelement <8 x i32> poison, i32 %.fr, i64 0
  %broadcast.splat135 = shufflevector <8 x i32> %broadcast.splatinsert134, <8 x i32> poison, <8 x i32> zeroinitializer
  %broadcast.splatinsert132 = insertelement <8 x i32> poison, i32 %14, i64 0
  %broadcast.splat133 = shufflevector <8 x i32> %broadcast.splatinsert132, <8 x i32> poison, <8 x i32> zeroinitializer
  %broadcast.splatinsert130 = insertelement <8 x i32> poison, i32 %.fr13, i64 0
  %broadcast.splat131 = shufflevector <8 x i32> %broadcast.splatinsert130, <8 x i32> poison, <8 x i32> zeroinitializer
  br label %.split.us.us.us.us.us

.split.us.us.us.us.us.us11.preheader:             ; preds = %.split4.us.split.us.split.us.split.us.split
  %broadcast.splatinsert157 = insertelement <8 x i32> poison, i32 %27, i64 0
  %broadcast.splat158 = shufflevector <8 x i32> %broadcast.splatinsert157, <8 x i32> poison, <8 x i32> zeroinitializer
  %broadcast.splatinsert155 = insertelement <8 x i32> poison, i32 %24, i64 0
  %broadcast.splat156 = shufflevector <8 x i32> %broadcast.splatinsert155, <8 x i32> poison, <8 x i32> zeroinitializer
  %broadcast.splatinsert153 = insertelement <8 x i32> poison, i32 %19, i64 0
  %broadcast.splat154 = shufflevector <8 x i32> %broadcast.splatinsert153, <8 x i32> poison, <8 x i32> zeroinitializer
  %broadcast.splatinsert151 = insertelement <8 x i32> poison, i32 %.fr, i64 0
  %broadcast.splat152 = shufflevector <8 x i32> %broadcast.splatinsert151, <8 x i32> poison, <8 x i32> zeroinitializer
  %broadcast.splatinsert149 = insertelement <8 x i32> poison, i32 %14, i64 0
  %broadcast.splat150 = shufflevector <8 x i32> %broadcast.splatinsert149, <8 x i32> poison, <8 x i32> zeroinitializer
  %broadcast.splatinsert147 = insertelement <8 x i32> poison, i32 %.fr13, i64 0
  %broadcast.splat148 = shufflevector <8 x i32> %broadcast.splatinsert147, <8 x i32> poison, <8 x i32> zeroinitializer
  br label %.split.us.us.us.us.us.us11

.split.us.us.us.us.us.us11:                       ; preds = %.split.us.us.us.us.us.us11.preheader, %.split.us.us.us.us.us.us11
  %112 = phi i64 [ %151, %.split.us.us.us.us.us.us11 ], [ 0, %.split.us.us.us.us.us.us11.preheader ]
  %113 = shl nuw nsw i64 %112, 4
  %114 = getelementptr inbounds nuw [4 x i8], ptr %8, i64 %113
  %wide.load161 = load <8 x i32>, ptr %114, align 4, !invariant.load !3, !alias.scope !12, !noalias !20
  %115 = shl <8 x i32> %wide.load161, %broadcast.splat148
  %116 = lshr <8 x i32> %wide.load161, %broadcast.splat150
  %117 = getelementptr inbounds nuw [4 x i8], ptr %10, i64 %113
  %wide.load162 = load <8 x i32>, ptr %117, align 4, !invariant.load !3, !alias.scope !14, !noalias !21
  %118 = or disjoint <8 x i32> %115, %116
  %119 = add <8 x i32> %wide.load162, %wide.load161
  %120 = xor <8 x i32> %118, %119
  %121 = shl <8 x i32> %120, %broadcast.splat152
  %122 = lshr <8 x i32> %120, %broadcast.splat154
  %123 = or disjoint <8 x i32> %121, %122
  %124 = add <8 x i32> %120, %119
  %125 = xor <8 x i32> %123, %124
  %126 = lshr <8 x i32> %125, %broadcast.splat156
  %127 = add <8 x i32> %125, %124
  %128 = xor <8 x i32> %126, %127
  %129 = add <8 x i32> %127, %broadcast.splat158
  %130 = add <8 x i32> %129, %128
  %131 = getelementptr inbounds nuw [4 x i8], ptr %12, i64 %113
  store <8 x i32> %130, ptr %131, align 4, !alias.scope !16, !noalias !22
  %132 = or disjoint i64 %113, 8
  %133 = getelementptr inbounds nuw [4 x i8], ptr %8, i64 %132
  %wide.load161.1 = load <8 x i32>, ptr %133, align 4, !invariant.load !3, !alias.scope !12, !noalias !20
  %134 = shl <8 x i32> %wide.load161.1, %broadcast.splat148
  %135 = lshr <8 x i32> %wide.load161.1, %broadcast.splat150
  %136 = getelementptr inbounds nuw [4 x i8], ptr %10, i64 %132
  %wide.load162.1 = load <8 x i32>, ptr %136, align 4, !invariant.load !3, !alias.scope !14, !noalias !21
  %137 = or disjoint <8 x i32> %134, %135
  %138 = add <8 x i32> %wide.load162.1, %wide.load161.1
  %139 = xor <8 x i32> %137, %138
  %140 = shl <8 x i32> %139, %broadcast.splat152
  %141 = lshr <8 x i32> %139, %broadcast.splat154
  %142 = or disjoint <8 x i32> %140, %141
  %143 = add <8 x i32> %139, %138
  %144 = xor <8 x i32> %142, %143
  %145 = lshr <8 x i32> %144, %broadcast.splat156
  %146 = add <8 x i32> %144, %143
  %147 = xor <8 x i32> %145, %146
  %148 = add <8 x i32> %146, %broadcast.splat158
  %149 = add <8 x i32> %148, %147
  %150 = getelementptr inbounds nuw [4 x i8], ptr %12, i64 %132
  store <8 x i32> %149, ptr %150, align 4, !alias.scope !16, !noalias !22
  %151 = add nuw nsw i64 %112, 1
  %exitcond32.not = icmp eq i64 %151, 16
  br i1 %exitcond32.not, label %broadcast_add_fusion.1_wrapped.exit, label %.split.us.us.us.us.us.us11, !llvm.loop !23

.split.us.us.us.us.us:                            ; preds = %.split.us.us.us.us.us.preheader, %.split.us.us.us.us.us
  %152 = phi i64 [ %187, %.split.us.us.us.us.us ], [ 0, %.split.us.us.us.us.us.preheader ]
  %153 = shl nuw nsw i64 %152, 4
  %154 = getelementptr inbounds nuw [4 x i8], ptr %8, i64 %153
  %wide.load142 = load <8 x i32>, ptr %154, align 4, !invariant.load !3, !alias.scope !12, !noalias !20
  %155 = shl <8 x i32> %wide.load142, %broadcast.splat131
  %156 = lshr <8 x i32> %wide.load142, %broadcast.splat133
  %157 = getelementptr inbounds nuw [4 x i8], ptr %10, i64 %153
  %wide.load143 = load <8 x i32>, ptr %157, align 4, !invariant.load !3, !alias.scope !14, !noalias !21
  %158 = or disjoint <8 x i32> %155, %156
  %159 = add <8 x i32> %wide.load143, %wide.load142
  %160 = xor <8 x i32> %158, %159
  %161 = shl <8 x i32> %160, %broadcast.splat135
  %162 = lshr <8 x i32> %160, %broadcast.splat137
  %163 = or disjoint <8 x i32> %161, %162
  %164 = add <8 x i32> %160, %159
  %165 = xor <8 x i32> %163, %164
  %166 = add <8 x i32> %165, %164
  %167 = shl <8 x i32> %166, splat (i32 1)
  %168 = add <8 x i32> %broadcast.splat139, %167
  %169 = getelementptr inbounds nuw [4 x i8], ptr %12, i64 %153
  store <8 x i32> %168, ptr %169, align 4, !alias.scope !16, !noalias !22
  %170 = or disjoint i64 %153, 8
  %171 = getelementptr inbounds nuw [4 x i8], ptr %8, i64 %170
  %wide.load142.1 = load <8 x i32>, ptr %171, align 4, !invariant.load !3, !alias.scope !12, !noalias !20
  %172 = shl <8 x i32> %wide.load142.1, %broadcast.splat131
  %173 = lshr <8 x i32> %wide.load142.1, %broadcast.splat133
  %174 = getelementptr inbounds nuw [4 x i8], ptr %10, i64 %170
  %wide.load143.1 = load <8 x i32>, ptr %174, align 4, !invariant.load !3, !alias.scope !14, !noalias !21
  %175 = or disjoint <8 x i32> %172, %173
  %176 = add <8 x i32> %wide.load143.1, %wide.load142.1
  %177 = xor <8 x i32> %175, %176
  %178 = shl <8 x i32> %177, %broadcast.splat135
  %179 = lshr <8 x i32> %177, %broadcast.splat137
  %180 = or disjoint <8 x i32> %178, %179
  %181 = add <8 x i32> %177, %176
  %182 = xor <8 x i32> %180, %181
  %183 = add <8 x i32> %182, %181
  %184 = shl <8 x i32> %183, splat (i32 1)
  %185 = add <8 x i32> %broadcast.splat139, %184
  %186 = getelementptr inbounds nuw [4 x i8], ptr %12, i64 %170
  store <8 x i32> %185, ptr %186, align 4, !alias.scope !16, !noalias !22
  %187 = add nuw nsw i64 %152, 1
  %exitcond30.not = icmp eq i64 %187, 16
  br i1 %exitcond30.not, label %broadcast_add_fusion.1_wrapped.exit, label %.split.us.us.us.us.us, !llvm.loop !23

.split.us.us.us.us:                               ; preds = %.split.us.us.us.us.preheader, %.split.us.us.us.us
  %188 = phi i64 [ %231, %.split.us.us.us.us ], [ 0, %.split.us.us.us.us.preheader ]
  %189 = shl nuw nsw i64 %188, 4
  %190 = getelementptr inbounds nuw [4 x i8], ptr %8, i64 %189
  %wide.load125 = load <8 x i32>, ptr %190, align 4, !invariant.load !3, !alias.scope !12, !noalias !20
  %191 = shl <8 x i32> %wide.load125, %broadcast.splat112
  %192 = lshr <8 x i32> %wide.load125, %broadcast.splat114
  %193 = getelementptr inbounds nuw [4 x i8], ptr %10, i64 %189
  %wide.load126 = load <8 x i32>, ptr %193, align 4, !invariant.load !3, !alias.scope !14, !noalias !21
  %194 = or disjoint <8 x i32> %191, %192
  %195 = add <8 x i32> %wide.load126, %wide.load125
  %196 = xor <8 x i32> %194, %195
  %197 = shl <8 x i32> %196, %broadcast.splat116
  %198 = add <8 x i32> %196, %195
  %199 = xor <8 x i32> %197, %198
  %200 = shl <8 x i32> %199, %broadcast.splat118
  %201 = select i1 %25, <8 x i32> %200, <8 x i32> zeroinitializer
  %202 = lshr <8 x i32> %199, %broadcast.splat120
  %203 = select i1 %26, <8 x i32> %202, <8 x i32> zeroinitializer
  %204 = or <8 x i32> %201, %203
  %205 = add <8 x i32> %199, %198
  %206 = xor <8 x i32> %204, %205
  %207 = add <8 x i32> %205, %broadcast.splat122
  %208 = add <8 x i32> %207, %206
  %209 = getelementptr inbounds nuw [4 x i8], ptr %12, i64 %189
  store <8 x i32> %208, ptr %209, align 4, !alias.scope !16, !noalias !22
  %210 = or disjoint i64 %189, 8
  %211 = getelementptr inbounds nuw [4 x i8], ptr %8, i64 %210
  %wide.load125.1 = load <8 x i32>, ptr %211, align 4, !invariant.load !3, !alias.scope !12, !noalias !20
  %212 = shl <8 x i32> %wide.load125.1, %broadcast.splat112
  %213 = lshr <8 x i32> %wide.load125.1, %broadcast.splat114
  %214 = getelementptr inbounds nuw [4 x i8], ptr %10, i64 %210
  %wide.load126.1 = load <8 x i32>, ptr %214, align 4, !invariant.load !3, !alias.scope !14, !noalias !21
  %215 = or disjoint <8 x i32> %212, %213
  %216 = add <8 x i32> %wide.load126.1, %wide.load125.1
  %217 = xor <8 x i32> %215, %216
  %218 = shl <8 x i32> %217, %broadcast.splat116
  %219 = add <8 x i32> %217, %216
  %220 = xor <8 x i32> %218, %219
  %221 = shl <8 x i32> %220, %broadcast.splat118
  %222 = select i1 %25, <8 x i32> %221, <8 x i32> zeroinitializer
  %223 = lshr <8 x i32> %220, %broadcast.splat120
  %224 = select i1 %26, <8 x i32> %223, <8 x i32> zeroinitializer
  %225 = or <8 x i32> %222, %224
  %226 = add <8 x i32> %220, %219
  %227 = xor <8 x i32> %225, %226
  %228 = add <8 x i32> %226, %broadcast.splat122
  %229 = add <8 x i32> %228, %227
  %230 = getelementptr inbounds nuw [4 x i8], ptr %12, i64 %210
  store <8 x i32> %229, ptr %230, align 4, !alias.scope !16, !noalias !22
  %231 = add nuw nsw i64 %188, 1
  %exitcond28.not = icmp eq i64 %231, 16
  br i1 %exitcond28.not, label %broadcast_add_fusion.1_wrapped.exit, label %.split.us.us.us.us, !llvm.loop !23

.split.us.us.us:                                  ; preds = %.split.us.us.us.preheader, %.split.us.us.us
  %232 = phi i64 [ %277, %.split.us.us.us ], [ 0, %.split.us.us.us.preheader ]
  %233 = shl nuw nsw i64 %232, 4
  %234 = getelementptr inbounds nuw [4 x i8], ptr %8, i64 %233
  %wide.load106 = load <8 x i32>, ptr %234, align 4, !invariant.load !3, !alias.scope !12, !noalias !20
  %235 = shl <8 x i32> %wide.load106, %broadcast.splat93
  %236 = lshr <8 x i32> %wide.load106, %broadcast.splat95
  %237 = getelementptr inbounds nuw [4 x i8], ptr %10, i64 %233
  %wide.load107 = load <8 x i32>, ptr %237, align 4, !invariant.load !3, !alias.scope !14, !noalias !21
  %238 = or disjoint <8 x i32> %235, %236
  %239 = add <8 x i32> %wide.load107, %wide.load106
  %240 = xor <8 x i32> %238, %239
  %241 = lshr <8 x i32> %240, %broadcast.splat97
  %242 = select i1 %21, <8 x i32> %241, <8 x i32> zeroinitializer
  %243 = add <8 x i32> %240, %239
  %244 = xor <8 x i32> %242, %243
  %245 = shl <8 x i32> %244, %broadcast.splat99
  %246 = select i1 %25, <8 x i32> %245, <8 x i32> zeroinitializer
  %247 = lshr <8 x i32> %244, %broadcast.splat101
  %248 = select i1 %26, <8 x i32> %247, <8 x i32> zeroinitializer
  %249 = or <8 x i32> %246, %248
  %250 = add <8 x i32> %244, %243
  %251 = xor <8 x i32> %249, %250
  %252 = add <8 x i32> %250, %broadcast.splat103
  %253 = add <8 x i32> %252, %251
  %254 = getelementptr inbounds nuw [4 x i8], ptr %12, i64 %233
  store <8 x i32> %253, ptr %254, align 4, !alias.scope !16, !noalias !22
  %255 = or disjoint i64 %233, 8
  %256 = getelementptr inbounds nuw [4 x i8], ptr %8, i64 %255
  %wide.load106.1 = load <8 x i32>, ptr %256, align 4, !invariant.load !3, !alias.scope !12, !noalias !20
  %257 = shl <8 x i32> %wide.load106.1, %broadcast.splat93
  %258 = lshr <8 x i32> %wide.load106.1, %broadcast.splat95
  %259 = getelementptr inbounds nuw [4 x i8], ptr %10, i64 %255
  %wide.load107.1 = load <8 x i32>, ptr %259, align 4, !invariant.load !3, !alias.scope !14, !noalias !21
  %260 = or disjoint <8 x i32> %257, %258
  %261 = add <8 x i32> %wide.load107.1, %wide.load106.1
  %262 = xor <8 x i32> %260, %261
  %263 = lshr <8 x i32> %262, %broadcast.splat97
  %264 = select i1 %21, <8 x i32> %263, <8 x i32> zeroinitializer
  %265 = add <8 x i32> %262, %261
  %266 = xor <8 x i32> %264, %265
  %267 = shl <8 x i32> %266, %broadcast.splat99
  %268 = select i1 %25, <8 x i32> %267, <8 x i32> zeroinitializer
  %269 = lshr <8 x i32> %266, %broadcast.splat101
  %270 = select i1 %26, <8 x i32> %269, <8 x i32> zeroinitializer
  %271 = or <8 x i32> %268, %270
  %272 = add <8 x i32> %266, %265
  %273 = xor <8 x i32> %271, %272
  %274 = add <8 x i32> %272, %broadcast.splat103
  %275 = add <8 x i32> %274, %273
  %276 = getelementptr inbounds nuw [4 x i8], ptr %12, i64 %255
  store <8 x i32> %275, ptr %276, align 4, !alias.scope !16, !noalias !22
  %277 = add nuw nsw i64 %232, 1
  %exitcond26.not = icmp eq i64 %277, 16
  br i1 %exitcond26.not, label %broadcast_add_fusion.1_wrapped.exit, label %.split.us.us.us, !llvm.loop !23

.split.us.us:                                     ; preds = %.split.us.us.preheader, %.split.us.us
  %278 = phi i64 [ %325, %.split.us.us ], [ 0, %.split.us.us.preheader ]
  %279 = shl nuw nsw i64 %278, 4
  %280 = getelementptr inbounds nuw [4 x i8], ptr %8, i64 %279
  %wide.load87 = load <8 x i32>, ptr %280, align 4, !invariant.load !3, !alias.scope !12, !noalias !20
  %281 = shl <8 x i32> %wide.load87, %broadcast.splat74
  %282 = getelementptr inbounds nuw [4 x i8], ptr %10, i64 %279
  %wide.load88 = load <8 x i32>, ptr %282, align 4, !invariant.load !3, !alias.scope !14, !noalias !21
  %283 = add <8 x i32> %wide.load88, %wide.load87
  %284 = xor <8 x i32> %281, %283
  %285 = shl <8 x i32> %284, %broadcast.splat76
  %286 = select i1 %20, <8 x i32> %285, <8 x i32> zeroinitializer
  %287 = lshr <8 x i32> %284, %broadcast.splat78
  %288 = select i1 %21, <8 x i32> %287, <8 x i32> zeroinitializer
  %289 = or <8 x i32> %286, %288
  %290 = add <8 x i32> %284, %283
  %291 = xor <8 x i32> %289, %290
  %292 = shl <8 x i32> %291, %broadcast.splat80
  %293 = select i1 %25, <8 x i32> %292, <8 x i32> zeroinitializer
  %294 = lshr <8 x i32> %291, %broadcast.splat82
  %295 = select i1 %26, <8 x i32> %294, <8 x i32> zeroinitializer
  %296 = or <8 x i32> %293, %295
  %297 = add <8 x i32> %291, %290
  %298 = xor <8 x i32> %296, %297
  %299 = add <8 x i32> %297, %broadcast.splat84
  %300 = add <8 x i32> %299, %298
  %301 = getelementptr inbounds nuw [4 x i8], ptr %12, i64 %279
  store <8 x i32> %300, ptr %301, align 4, !alias.scope !16, !noalias !22
  %302 = or disjoint i64 %279, 8
  %303 = getelementptr inbounds nuw [4 x i8], ptr %8, i64 %302
  %wide.load87.1 = load <8 x i32>, ptr %303, align 4, !invariant.load !3, !alias.scope !12, !noalias !20
  %304 = shl <8 x i32> %wide.load87.1, %broadcast.splat74
  %305 = getelementptr inbounds nuw [4 x i8], ptr %10, i64 %302
  %wide.load88.1 = load <8 x i32>, ptr %305, align 4, !invariant.load !3, !alias.scope !14, !noalias !21
  %306 = add <8 x i32> %wide.load88.1, %wide.load87.1
  %307 = xor <8 x i32> %304, %306
  %308 = shl <8 x i32> %307, %broadcast.splat76
  %309 = select i1 %20, <8 x i32> %308, <8 x i32> zeroinitializer
  %310 = lshr <8 x i32> %307, %broadcast.splat78
  %311 = select i1 %21, <8 x i32> %310, <8 x i32> zeroinitializer
  %312 = or <8 x i32> %309, %311
  %313 = add <8 x i32> %307, %306
  %314 = xor <8 x i32> %312, %313
  %315 = shl <8 x i32> %314, %broadcast.splat80
  %316 = select i1 %25, <8 x i32> %315, <8 x i32> zeroinitializer
  %317 = lshr <8 x i32> %314, %broadcast.splat82
  %318 = select i1 %26, <8 x i32> %317, <8 x i32> zeroinitializer
  %319 = or <8 x i32> %316, %318
  %320 = add <8 x i32> %314, %313
  %321 = xor <8 x i32> %319, %320
  %322 = add <8 x i32> %320, %broadcast.splat84
  %323 = add <8 x i32> %322, %321
  %324 = getelementptr inbounds nuw [4 x i8], ptr %12, i64 %302
  store <8 x i32> %323, ptr %324, align 4, !alias.scope !16, !noalias !22
  %325 = add nuw nsw i64 %278, 1
  %exitcond24.not = icmp eq i64 %325, 16
  br i1 %exitcond24.not, label %broadcast_add_fusion.1_wrapped.exit, label %.split.us.us, !llvm.loop !23

.split:                                           ; preds = %.split.preheader, %.split
  %326 = phi i64 [ %375, %.split ], [ 0, %.split.preheader ]
  %327 = shl nuw nsw i64 %326, 4
  %328 = getelementptr inbounds nuw [4 x i8], ptr %8, i64 %327
  %wide.load = load <8 x i32>, ptr %328, align 4, !invariant.load !3, !alias.scope !12, !noalias !20
  %329 = lshr <8 x i32> %wide.load, %broadcast.splat
  %330 = select i1 %16, <8 x i32> %329, <8 x i32> zeroinitializer
  %331 = getelementptr inbounds nuw [4 x i8], ptr %10, i64 %327
  %wide.load71 = load <8 x i32>, ptr %331, align 4, !invariant.load !3, !alias.scope !14, !noalias !21
  %332 = add <8 x i32> %wide.load71, %wide.load
  %333 = xor <8 x i32> %330, %332
  %334 = shl <8 x i32> %333, %broadcast.splat62
  %335 = select i1 %20, <8 x i32> %334, <8 x i32> zeroinitializer
  %336 = lshr <8 x i32> %333, %broadcast.splat64
  %337 = select i1 %21, <8 x i32> %336, <8 x i32> zeroinitializer
  %338 = or <8 x i32> %335, %337
  %339 = add <8 x i32> %333, %332
  %340 = xor <8 x i32> %338, %339
  %341 = shl <8 x i32> %340, %broadcast.splat66
  %342 = select i1 %25, <8 x i32> %341, <8 x i32> zeroinitializer
  %343 = lshr <8 x i32> %340, %broadcast.splat68
  %344 = select i1 %26, <8 x i32> %343, <8 x i32> zeroinitializer
  %345 = or <8 x i32> %342, %344
  %346 = add <8 x i32> %340, %339
  %347 = xor <8 x i32> %345, %346
  %348 = add <8 x i32> %346, %broadcast.splat70
  %349 = add <8 x i32> %348, %347
  %350 = getelementptr inbounds nuw [4 x i8], ptr %12, i64 %327
  store <8 x i32> %349, ptr %350, align 4, !alias.scope !16, !noalias !22
  %351 = or disjoint i64 %327, 8
  %352 = getelementptr inbounds nuw [4 x i8], ptr %8, i64 %351
  %wide.load.1 = load <8 x i32>, ptr %352, align 4, !invariant.load !3, !alias.scope !12, !noalias !20
  %353 = lshr <8 x i32> %wide.load.1, %broadcast.splat
  %354 = select i1 %16, <8 x i32> %353, <8 x i32> zeroinitializer
  %355 = getelementptr inbounds nuw [4 x i8], ptr %10, i64 %351
  %wide.load71.1 = load <8 x i32>, ptr %355, align 4, !invariant.load !3, !alias.scope !14, !noalias !21
  %356 = add <8 x i32> %wide.load71.1, %wide.load.1
  %357 = xor <8 x i32> %354, %356
  %358 = shl <8 x i32> %357, %broadcast.splat62
  %359 = select i1 %20, <8 x i32> %358, <8 x i32> zeroinitializer
  %360 = lshr <8 x i32> %357, %broadcast.splat64
  %361 = select i1 %21, <8 x i32> %360, <8 x i32> zeroinitializer
  %362 = or <8 x i32> %359, %361
  %363 = add <8 x i32> %357, %356
  %364 = xor <8 x i32> %362, %363
  %365 = shl <8 x i32> %364, %broadcast.splat66
  %366 = select i1 %25, <8 x i32> %365, <8 x i32> zeroinitializer
  %367 = lshr <8 x i32> %364, %broadcast.splat68
  %368 = select i1 %26, <8 x i32> %367, <8 x i32> zeroinitializer
  %369 = or <8 x i32> %366, %368
  %370 = add <8 x i32> %364, %363
  %371 = xor <8 x i32> %369, %370
  %372 = add <8 x i32> %370, %broadcast.splat70
  %373 = add <8 x i32> %372, %371
  %374 = getelementptr inbounds nuw [4 x i8], ptr %12, i64 %351
  store <8 x i32> %373, ptr %374, align 4, !alias.scope !16, !noalias !22
  %375 = add nuw nsw i64 %326, 1
  %exitcond22.not = icmp eq i64 %375, 16
  br i1 %exitcond22.not, label %broadcast_add_fusion.1_wrapped.exit, label %.split, !llvm.loop !23

broadcast_add_fusion.1_wrapped.exit:              ; preds = %.split, %.split.us.us, %.split.us.us.us, %.split.us.us.us.us, %.split.us.us.us.us.us, %.split.us.us.us.us.us.us11, %.split.us.us.us.us.us.us, %.split.us.us.us.us.us.us.us
  ret ptr null
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: readwrite)
declare void @llvm.experimental.noalias.scope.decl(metadata) #1

attributes #0 = { nofree norecurse nosync nounwind memory(readwrite, target_mem: none) uwtable "frame-pointer"="all" "prefer-vector-width"="256" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: readwrite) }

!llvm.module.flags = !{!0, !1}
!xla_cpu_memory_region_name = !{!2}

!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = !{i32 1, !"xla_dylib_index", i64 1}
!2 = !{!"xla_cpu_emitter__loop_fusion_kernel_emitter__hlo_opcode__fusion"}
!3 = !{}
!4 = !{i64 4}
!5 = !{i64 16}
!6 = !{i64 1024}
!7 = !{!8}
!8 = distinct !{!8, !9, !"broadcast_add_fusion.1_wrapped: argument 0"}
!9 = distinct !{!9, !"broadcast_add_fusion.1_wrapped"}
!10 = !{!11}
!11 = distinct !{!11, !9, !"broadcast_add_fusion.1_wrapped: argument 1"}
!12 = !{!13}
!13 = distinct !{!13, !9, !"broadcast_add_fusion.1_wrapped: argument 2"}
!14 = !{!15}
!15 = distinct !{!15, !9, !"broadcast_add_fusion.1_wrapped: argument 3"}
!16 = !{!17}
!17 = distinct !{!17, !9, !"broadcast_add_fusion.1_wrapped: argument 4"}
!18 = !{!8, !13, !15, !17}
!19 = !{!11, !13, !15, !17}
!20 = !{!8, !11, !15, !17}
!21 = !{!8, !11, !13, !17}
!22 = !{!8, !11, !13, !15}
!23 = distinct !{!23, !24}
!24 = !{!"llvm.loop.unroll.disable"}
