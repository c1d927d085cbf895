; ModuleID = '__compute_module_subtract_exponential_fusion_kernel_module'
source_filename = "__compute_module_subtract_exponential_fusion_kernel_module"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Function Attrs: nofree norecurse nosync nounwind memory(readwrite, target_mem: none) uwtable
define noalias noundef ptr @subtract_exponential_fusion(ptr nofree readonly captures(none) %0) local_unnamed_addr #0 {
vector.ph:
  %1 = getelementptr inbounds nuw i8, ptr %0, i64 24
  %2 = load ptr, ptr %1, align 8, !invariant.load !3
  %3 = load ptr, ptr %2, align 8, !invariant.load !3, !dereferenceable !4
  %4 = getelementptr inbounds nuw i8, ptr %2, i64 16
  %5 = load ptr, ptr %4, align 8, !invariant.load !3, !dereferenceable !5
  %6 = getelementptr inbounds nuw i8, ptr %2, i64 48
  %7 = load ptr, ptr %6, align 8, !invariant.load !3, !dereferenceable !5
  tail call void @llvm.experimental.noalias.scope.decl(metadata !6)
  tail call void @llvm.experimental.noalias.scope.decl(metadata !9)
  tail call void @llvm.experimental.noalias.scope.decl(metadata !11)
  tail call void @llvm.experimental.noalias.scope.decl(metadata !13)
  %8 = getelementptr inbounds nuw i8, ptr %2, i64 32
  %9 = load ptr, ptr %8, align 8, !invariant.load !3, !dereferenceable !15
  %10 = getelementptr inbounds nuw i8, ptr %9, i64 60
  %11 = load float, ptr %10, align 4, !invariant.load !3, !alias.scope !11, !noalias !16
  %broadcast.splatinsert36 = insertelement <8 x float> poison, float %11, i64 0
  %broadcast.splat37 = shufflevector <8 x float> %broadcast.splatinsert36, <8 x float> poison, <8 x i32> zeroinitializer
  %12 = getelementptr inbounds nuw i8, ptr %9, i64 56
  %13 = load float, ptr %12, align 4, !invariant.load !3, !alias.scope !11, !noalias !16
  %broadcast.splatinsert34 = insertelement <8 x float> poison, float %13, i64 0
  %broadcast.splat35 = shufflevector <8 x float> %broadcast.splatinsert34, <8 x float> poison, <8 x i32> zeroinitializer
  %14 = getelementptr inbounds nuw i8, ptr %9, i64 52
  %15 = load float, ptr %14, align 4, !invariant.load !3, !alias.scope !11, !noalias !16
  %broadcast.splatinsert32 = insertelement <8 x float> poison, float %15, i64 0
  %broadcast.splat33 = shufflevector <8 x float> %broadcast.splatinsert32, <8 x float> poison, <8 x i32> zeroinitializer
  %16 = getelementptr inbounds nuw i8, ptr %9, i64 48
  %17 = load <4 x float>, ptr %16, align 4
  %broadcast.splat31 = shufflevector <4 x float> %17, <4 x float> poison, <8 x i32> zeroinitializer
  %18 = getelementptr inbounds nuw i8, ptr %9, i64 44
  %19 = load <4 x float>, ptr %18, align 4
  %broadcast.splat29 = shufflevector <4 x float> %19, <4 x float> poison, <8 x i32> zeroinitializer
  %20 = getelementptr inbounds nuw i8, ptr %9, i64 40
  %21 = load <4 x float>, ptr %20, align 4
  %broadcast.splat27 = shufflevector <4 x float> %21, <4 x float> poison, <8 x i32> zeroinitializer
  %22 = getelementptr inbounds nuw i8, ptr %9, i64 20
  %23 = load <4 x float>, ptr %22, align 4
  %broadcast.splat25 = shufflevector <4 x float> %23, <4 x float> poison, <8 x i32> zeroinitializer
  %24 = getelementptr inbounds nuw i8, ptr %9, i64 16
  %25 = load <4 x float>, ptr %24, align 4
  %broadcast.splat23 = shufflevector <4 x float> %25, <4 x float> poison, <8 x i32> zeroinitializer
  %26 = getelementptr inbounds nuw i8, ptr %9, i64 12
  %27 = load <4 x float>, ptr %26, align 4
  %broadcast.splat21 = shufflevector <4 x float> %27, <4 x float> poison, <8 x i32> zeroinitializer
  %28 = getelementptr inbounds nuw i8, ptr %9, i64 8
  %29 = load <4 x float>, ptr %28, align 4
  %broadcast.splat19 = shufflevector <4 x float> %29, <4 x float> poison, <8 x i32> zeroinitializer
  %30 = getelementptr inbounds nuw i8, ptr %9, i64 4
  %31 = load <4 x float>, ptr %30, align 4
  %broadcast.splat17 = shufflevector <4 x float> %31, <4 x float> poison, <8 x i32> zeroinitializer
  %32 = load <4 x float>, ptr %9, align 4
  %broadcast.splat15 = shufflevector <4 x float> %32, <4 x float> poison, <8 x i32> zeroinitializer
  %.phi.trans.insert6 = getelementptr inbounds nuw i8, ptr %9, i64 36
  %33 = load <4 x float>, ptr %.phi.trans.insert6, align 4
  %broadcast.splat13 = shufflevector <4 x float> %33, <4 x float> poison, <8 x i32> zeroinitializer
  %.phi.trans.insert4 = getelementptr inbounds nuw i8, ptr %9, i64 32
  %34 = load <4 x float>, ptr %.phi.trans.insert4, align 4
  %broadcast.splat11 = shufflevector <4 x float> %34, <4 x float> poison, <8 x i32> zeroinitializer
  %.phi.trans.insert2 = getelementptr inbounds nuw i8, ptr %9, i64 28
  %35 = load <4 x float>, ptr %.phi.trans.insert2, align 4
  %broadcast.splat9 = shufflevector <4 x float> %35, <4 x float> poison, <8 x i32> zeroinitializer
  %.phi.trans.insert = getelementptr inbounds nuw i8, ptr %9, i64 24
  %36 = load <4 x float>, ptr %.phi.trans.insert, align 4
  %broadcast.splat = shufflevector <4 x float> %36, <4 x float> poison, <8 x i32> zeroinitializer
  %wide.load = load <8 x float>, ptr %3, align 4, !invariant.load !3, !alias.scope !6, !noalias !17
  %37 = getelementptr inbounds nuw i8, ptr %5, i64 64
  %38 = getelementptr inbounds nuw i8, ptr %5, i64 128
  %39 = getelementptr inbounds nuw i8, ptr %5, i64 192
  %40 = getelementptr inbounds nuw i8, ptr %5, i64 256
  %41 = getelementptr inbounds nuw i8, ptr %5, i64 320
  %42 = getelementptr inbounds nuw i8, ptr %5, i64 384
  %43 = getelementptr inbounds nuw i8, ptr %5, i64 448
  %44 = load <8 x float>, ptr %5, align 4
  %45 = load float, ptr %37, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %46 = load float, ptr %38, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %47 = load float, ptr %39, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %48 = load float, ptr %40, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %49 = load float, ptr %41, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %50 = load float, ptr %42, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %51 = load float, ptr %43, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %52 = insertelement <8 x float> %44, float %45, i64 1
  %53 = insertelement <8 x float> %52, float %46, i64 2
  %54 = insertelement <8 x float> %53, float %47, i64 3
  %55 = insertelement <8 x float> %54, float %48, i64 4
  %56 = insertelement <8 x float> %55, float %49, i64 5
  %57 = insertelement <8 x float> %56, float %50, i64 6
  %58 = insertelement <8 x float> %57, float %51, i64 7
  %59 = fadd <8 x float> %58, %broadcast.splat15
  %60 = fsub <8 x float> %59, %wide.load
  %61 = fcmp uge <8 x float> %60, splat (float -8.780000e+01)
  %62 = select <8 x i1> %61, <8 x float> %60, <8 x float> splat (float -8.780000e+01)
  %63 = fcmp ule <8 x float> %62, splat (float 8.880000e+01)
  %64 = select <8 x i1> %63, <8 x float> %62, <8 x float> splat (float 8.880000e+01)
  %exp_f32.i304 = fmul <8 x float> %64, splat (float f0x3FB8AA3B)
  %exp_f321.i305 = fadd <8 x float> splat (float 5.000000e-01), %exp_f32.i304
  %65 = call <8 x float> @llvm.floor.v8f32(<8 x float> %exp_f321.i305)
  %66 = fcmp uge <8 x float> %65, splat (float -1.270000e+02)
  %67 = select <8 x i1> %66, <8 x float> %65, <8 x float> splat (float -1.270000e+02)
  %68 = fcmp ule <8 x float> %67, splat (float 1.270000e+02)
  %69 = select <8 x i1> %68, <8 x float> %67, <8 x float> splat (float 1.270000e+02)
  %exp_f322.i306 = fmul <8 x float> splat (float f0x3F318000), %69
  %70 = fsub <8 x float> %64, %exp_f322.i306
  %exp_f323.i307 = fmul <8 x float> splat (float f0xB95E8083), %69
  %71 = fsub <8 x float> %70, %exp_f323.i307
  %exp_f324.i308 = fmul <8 x float> %71, splat (float f0x39506967)
  %exp_f325.i309 = fadd <8 x float> splat (float f0x3AB743CE), %exp_f324.i308
  %exp_f326.i310 = fmul <8 x float> %exp_f325.i309, %71
  %exp_f327.i311 = fadd <8 x float> splat (float f0x3C088908), %exp_f326.i310
  %exp_f328.i312 = fmul <8 x float> %exp_f327.i311, %71
  %exp_f329.i313 = fadd <8 x float> splat (float f0x3D2AA9C1), %exp_f328.i312
  %exp_f3210.i314 = fmul <8 x float> %exp_f329.i313, %71
  %exp_f3211.i315 = fadd <8 x float> splat (float f0x3E2AAAAA), %exp_f3210.i314
  %exp_f3212.i316 = fmul <8 x float> %exp_f3211.i315, %71
  %exp_f3213.i317 = fadd <8 x float> splat (float 5.000000e-01), %exp_f3212.i316
  %exp_f3214.i318 = fmul <8 x float> %71, %71
  %exp_f3215.i319 = fmul <8 x float> %exp_f3213.i317, %exp_f3214.i318
  %exp_f3216.i320 = fadd <8 x float> %71, %exp_f3215.i319
  %exp_f3217.i321 = fadd <8 x float> splat (float 1.000000e+00), %exp_f3216.i320
  %72 = fptosi <8 x float> %69 to <8 x i32>
  %73 = add <8 x i32> %72, splat (i32 127)
  %74 = shl <8 x i32> %73, splat (i32 23)
  %75 = bitcast <8 x i32> %74 to <8 x float>
  %exp_f3218.i322 = fmul <8 x float> %exp_f3217.i321, %75
  %76 = extractelement <8 x float> %exp_f3218.i322, i64 0
  %77 = extractelement <8 x float> %exp_f3218.i322, i64 1
  %78 = extractelement <8 x float> %exp_f3218.i322, i64 2
  %79 = extractelement <8 x float> %exp_f3218.i322, i64 3
  %80 = extractelement <8 x float> %exp_f3218.i322, i64 4
  %81 = extractelement <8 x float> %exp_f3218.i322, i64 5
  %82 = extractelement <8 x float> %exp_f3218.i322, i64 6
  %83 = extractelement <8 x float> %exp_f3218.i322, i64 7
  %84 = getelementptr inbounds nuw i8, ptr %7, i64 64
  %85 = getelementptr inbounds nuw i8, ptr %7, i64 128
  %86 = getelementptr inbounds nuw i8, ptr %7, i64 192
  %87 = getelementptr inbounds nuw i8, ptr %7, i64 256
  %88 = getelementptr inbounds nuw i8, ptr %7, i64 320
  %89 = getelementptr inbounds nuw i8, ptr %7, i64 384
  %90 = getelementptr inbounds nuw i8, ptr %7, i64 448
  store float %76, ptr %7, align 4, !alias.scope !13, !noalias !19
  store float %77, ptr %84, align 4, !alias.scope !13, !noalias !19
  store float %78, ptr %85, align 4, !alias.scope !13, !noalias !19
  store float %79, ptr %86, align 4, !alias.scope !13, !noalias !19
  store float %80, ptr %87, align 4, !alias.scope !13, !noalias !19
  store float %81, ptr %88, align 4, !alias.scope !13, !noalias !19
  store float %82, ptr %89, align 4, !alias.scope !13, !noalias !19
  store float %83, ptr %90, align 4, !alias.scope !13, !noalias !19
  %91 = getelementptr inbounds nuw i8, ptr %5, i64 4
  %92 = getelementptr inbounds nuw i8, ptr %5, i64 68
  %93 = getelementptr inbounds nuw i8, ptr %5, i64 132
  %94 = getelementptr inbounds nuw i8, ptr %5, i64 196
  %95 = getelementptr inbounds nuw i8, ptr %5, i64 260
  %96 = getelementptr inbounds nuw i8, ptr %5, i64 324
  %97 = getelementptr inbounds nuw i8, ptr %5, i64 388
  %98 = getelementptr inbounds nuw i8, ptr %5, i64 452
  %99 = load <8 x float>, ptr %91, align 4
  %100 = load float, ptr %92, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %101 = load float, ptr %93, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %102 = load float, ptr %94, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %103 = load float, ptr %95, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %104 = load float, ptr %96, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %105 = load float, ptr %97, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %106 = load float, ptr %98, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %107 = insertelement <8 x float> %99, float %100, i64 1
  %108 = insertelement <8 x float> %107, float %101, i64 2
  %109 = insertelement <8 x float> %108, float %102, i64 3
  %110 = insertelement <8 x float> %109, float %103, i64 4
  %111 = insertelement <8 x float> %110, float %104, i64 5
  %112 = insertelement <8 x float> %111, float %105, i64 6
  %113 = insertelement <8 x float> %112, float %106, i64 7
  %114 = fadd <8 x float> %113, %broadcast.splat17
  %115 = fsub <8 x float> %114, %wide.load
  %116 = fcmp uge <8 x float> %115, splat (float -8.780000e+01)
  %117 = select <8 x i1> %116, <8 x float> %115, <8 x float> splat (float -8.780000e+01)
  %118 = fcmp ule <8 x float> %117, splat (float 8.880000e+01)
  %119 = select <8 x i1> %118, <8 x float> %117, <8 x float> splat (float 8.880000e+01)
  %exp_f32.i285 = fmul <8 x float> %119, splat (float f0x3FB8AA3B)
  %exp_f321.i286 = fadd <8 x float> splat (float 5.000000e-01), %exp_f32.i285
  %120 = call <8 x float> @llvm.floor.v8f32(<8 x float> %exp_f321.i286)
  %121 = fcmp uge <8 x float> %120, splat (float -1.270000e+02)
  %122 = select <8 x i1> %121, <8 x float> %120, <8 x float> splat (float -1.270000e+02)
  %123 = fcmp ule <8 x float> %122, splat (float 1.270000e+02)
  %124 = select <8 x i1> %123, <8 x float> %122, <8 x float> splat (float 1.270000e+02)
  %exp_f322.i287 = fmul <8 x float> splat (float f0x3F318000), %124
  %125 = fsub <8 x float> %119, %exp_f322.i287
  %exp_f323.i288 = fmul <8 x float> splat (float f0xB95E8083), %124
  %126 = fsub <8 x float> %125, %exp_f323.i288
  %exp_f324.i289 = fmul <8 x float> %126, splat (float f0x39506967)
  %exp_f325.i290 = fadd <8 x float> splat (float f0x3AB743CE), %exp_f324.i289
  %exp_f326.i291 = fmul <8 x float> %exp_f325.i290, %126
  %exp_f327.i292 = fadd <8 x float> splat (float f0x3C088908), %exp_f326.i291
  %exp_f328.i293 = fmul <8 x float> %exp_f327.i292, %126
  %exp_f329.i294 = fadd <8 x float> splat (float f0x3D2AA9C1), %exp_f328.i293
  %exp_f3210.i295 = fmul <8 x float> %exp_f329.i294, %126
  %exp_f3211.i296 = fadd <8 x float> splat (float f0x3E2AAAAA), %exp_f3210.i295
  %exp_f3212.i297 = fmul <8 x float> %exp_f3211.i296, %126
  %exp_f3213.i298 = fadd <8 x float> splat (float 5.000000e-01), %exp_f3212.i297
  %exp_f3214.i299 = fmul <8 x float> %126, %126
  %exp_f3215.i300 = fmul <8 x float> %exp_f3213.i298, %exp_f3214.i299
  %exp_f3216.i301 = fadd <8 x float> %126, %exp_f3215.i300
  %exp_f3217.i302 = fadd <8 x float> splat (float 1.000000e+00), %exp_f3216.i301
  %127 = fptosi <8 x float> %124 to <8 x i32>
  %128 = add <8 x i32> %127, splat (i32 127)
  %129 = shl <8 x i32> %128, splat (i32 23)
  %130 = bitcast <8 x i32> %129 to <8 x float>
  %exp_f3218.i303 = fmul <8 x float> %exp_f3217.i302, %130
  %131 = extractelement <8 x float> %exp_f3218.i303, i64 0
  %132 = extractelement <8 x float> %exp_f3218.i303, i64 1
  %133 = extractelement <8 x float> %exp_f3218.i303, i64 2
  %134 = extractelement <8 x float> %exp_f3218.i303, i64 3
  %135 = extractelement <8 x float> %exp_f3218.i303, i64 4
  %136 = extractelement <8 x float> %exp_f3218.i303, i64 5
  %137 = extractelement <8 x float> %exp_f3218.i303, i64 6
  %138 = extractelement <8 x float> %exp_f3218.i303, i64 7
  %139 = getelementptr inbounds nuw i8, ptr %7, i64 4
  %140 = getelementptr inbounds nuw i8, ptr %7, i64 68
  %141 = getelementptr inbounds nuw i8, ptr %7, i64 132
  %142 = getelementptr inbounds nuw i8, ptr %7, i64 196
  %143 = getelementptr inbounds nuw i8, ptr %7, i64 260
  %144 = getelementptr inbounds nuw i8, ptr %7, i64 324
  %145 = getelementptr inbounds nuw i8, ptr %7, i64 388
  %146 = getelementptr inbounds nuw i8, ptr %7, i64 452
  store float %131, ptr %139, align 4, !alias.scope !13, !noalias !19
  store float %132, ptr %140, align 4, !alias.scope !13, !noalias !19
  store float %133, ptr %141, align 4, !alias.scope !13, !noalias !19
  store float %134, ptr %142, align 4, !alias.scope !13, !noalias !19
  store float %135, ptr %143, align 4, !alias.scope !13, !noalias !19
  store float %136, ptr %144, align 4, !alias.scope !13, !noalias !19
  store float %137, ptr %145, align 4, !alias.scope !13, !noalias !19
  store float %138, ptr %146, align 4, !alias.scope !13, !noalias !19
  %147 = getelementptr inbounds nuw i8, ptr %5, i64 8
  %148 = getelementptr inbounds nuw i8, ptr %5, i64 72
  %149 = getelementptr inbounds nuw i8, ptr %5, i64 136
  %150 = getelementptr inbounds nuw i8, ptr %5, i64 200
  %151 = getelementptr inbounds nuw i8, ptr %5, i64 264
  %152 = getelementptr inbounds nuw i8, ptr %5, i64 328
  %153 = getelementptr inbounds nuw i8, ptr %5, i64 392
  %154 = getelementptr inbounds nuw i8, ptr %5, i64 456
  %155 = load <8 x float>, ptr %147, align 4
  %156 = load float, ptr %148, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %157 = load float, ptr %149, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %158 = load float, ptr %150, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %159 = load float, ptr %151, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %160 = load float, ptr %152, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %161 = load float, ptr %153, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %162 = load float, ptr %154, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %163 = insertelement <8 x float> %155, float %156, i64 1
  %164 = insertelement <8 x float> %163, float %157, i64 2
  %165 = insertelement <8 x float> %164, float %158, i64 3
  %166 = insertelement <8 x float> %165, float %159, i64 4
  %167 = insertelement <8 x float> %166, float %160, i64 5
  %168 = insertelement <8 x float> %167, float %161, i64 6
  %169 = insertelement <8 x float> %168, float %162, i64 7
  %170 = fadd <8 x float> %169, %broadcast.splat19
  %171 = fsub <8 x float> %170, %wide.load
  %172 = fcmp uge <8 x float> %171, splat (float -8.780000e+01)
  %173 = select <8 x i1> %172, <8 x float> %171, <8 x float> splat (float -8.780000e+01)
  %174 = fcmp ule <8 x float> %173, splat (float 8.880000e+01)
  %175 = select <8 x i1> %174, <8 x float> %173, <8 x float> splat (float 8.880000e+01)
  %exp_f32.i266 = fmul <8 x float> %175, splat (float f0x3FB8AA3B)
  %exp_f321.i267 = fadd <8 x float> splat (float 5.000000e-01), %exp_f32.i266
  %176 = call <8 x float> @llvm.floor.v8f32(<8 x float> %exp_f321.i267)
  %177 = fcmp uge <8 x float> %176, splat (float -1.270000e+02)
  %178 = select <8 x i1> %177, <8 x float> %176, <8 x float> splat (float -1.270000e+02)
  %179 = fcmp ule <8 x float> %178, splat (float 1.270000e+02)
  %180 = select <8 x i1> %179, <8 x float> %178, <8 x float> splat (float 1.270000e+02)
  %exp_f322.i268 = fmul <8 x float> splat (float f0x3F318000), %180
  %181 = fsub <8 x float> %175, %exp_f322.i268
  %exp_f323.i269 = fmul <8 x float> splat (float f0xB95E8083), %180
  %182 = fsub <8 x float> %181, %exp_f323.i269
  %exp_f324.i270 = fmul <8 x float> %182, splat (float f0x39506967)
  %exp_f325.i271 = fadd <8 x float> splat (float f0x3AB743CE), %exp_f324.i270
  %exp_f326.i272 = fmul <8 x float> %exp_f325.i271, %182
  %exp_f327.i273 = fadd <8 x float> splat (float f0x3C088908), %exp_f326.i272
  %exp_f328.i274 = fmul <8 x float> %exp_f327.i273, %182
  %exp_f329.i275 = fadd <8 x float> splat (float f0x3D2AA9C1), %exp_f328.i274
  %exp_f3210.i276 = fmul <8 x float> %exp_f329.i275, %182
  %exp_f3211.i277 = fadd <8 x float> splat (float f0x3E2AAAAA), %exp_f3210.i276
  %exp_f3212.i278 = fmul <8 x float> %exp_f3211.i277, %182
  %exp_f3213.i279 = fadd <8 x float> splat (float 5.000000e-01), %exp_f3212.i278
  %exp_f3214.i280 = fmul <8 x float> %182, %182
  %exp_f3215.i281 = fmul <8 x float> %exp_f3213.i279, %exp_f3214.i280
  %exp_f3216.i282 = fadd <8 x float> %182, %exp_f3215.i281
  %exp_f3217.i283 = fadd <8 x float> splat (float 1.000000e+00), %exp_f3216.i282
  %183 = fptosi <8 x float> %180 to <8 x i32>
  %184 = add <8 x i32> %183, splat (i32 127)
  %185 = shl <8 x i32> %184, splat (i32 23)
  %186 = bitcast <8 x i32> %185 to <8 x float>
  %exp_f3218.i284 = fmul <8 x float> %exp_f3217.i283, %186
  %187 = extractelement <8 x float> %exp_f3218.i284, i64 0
  %188 = extractelement <8 x float> %exp_f3218.i284, i64 1
  %189 = extractelement <8 x float> %exp_f3218.i284, i64 2
  %190 = extractelement <8 x float> %exp_f3218.i284, i64 3
  %191 = extractelement <8 x float> %exp_f3218.i284, i64 4
  %192 = extractelement <8 x float> %exp_f3218.i284, i64 5
  %193 = extractelement <8 x float> %exp_f3218.i284, i64 6
  %194 = extractelement <8 x float> %exp_f3218.i284, i64 7
  %195 = getelementptr inbounds nuw i8, ptr %7, i64 8
  %196 = getelementptr inbounds nuw i8, ptr %7, i64 72
  %197 = getelementptr inbounds nuw i8, ptr %7, i64 136
  %198 = getelementptr inbounds nuw i8, ptr %7, i64 200
  %199 = getelementptr inbounds nuw i8, ptr %7, i64 264
  %200 = getelementptr inbounds nuw i8, ptr %7, i64 328
  %201 = getelementptr inbounds nuw i8, ptr %7, i64 392
  %202 = getelementptr inbounds nuw i8, ptr %7, i64 456
  store float %187, ptr %195, align 4, !alias.scope !13, !noalias !19
  store float %188, ptr %196, align 4, !alias.scope !13, !noalias !19
  store float %189, ptr %197, align 4, !alias.scope !13, !noalias !19
  store float %190, ptr %198, align 4, !alias.scope !13, !noalias !19
  store float %191, ptr %199, align 4, !alias.scope !13, !noalias !19
  store float %192, ptr %200, align 4, !alias.scope !13, !noalias !19
  store float %193, ptr %201, align 4, !alias.scope !13, !noalias !19
  store float %194, ptr %202, align 4, !alias.scope !13, !noalias !19
  %203 = getelementptr inbounds nuw i8, ptr %5, i64 12
  %204 = getelementptr inbounds nuw i8, ptr %5, i64 76
  %205 = getelementptr inbounds nuw i8, ptr %5, i64 140
  %206 = getelementptr inbounds nuw i8, ptr %5, i64 204
  %207 = getelementptr inbounds nuw i8, ptr %5, i64 268
  %208 = getelementptr inbounds nuw i8, ptr %5, i64 332
  %209 = getelementptr inbounds nuw i8, ptr %5, i64 396
  %210 = getelementptr inbounds nuw i8, ptr %5, i64 460
  %211 = load <8 x float>, ptr %203, align 4
  %212 = load float, ptr %204, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %213 = load float, ptr %205, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %214 = load float, ptr %206, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %215 = load float, ptr %207, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %216 = load float, ptr %208, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %217 = load float, ptr %209, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %218 = load float, ptr %210, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %219 = insertelement <8 x float> %211, float %212, i64 1
  %220 = insertelement <8 x float> %219, float %213, i64 2
  %221 = insertelement <8 x float> %220, float %214, i64 3
  %222 = insertelement <8 x float> %221, float %215, i64 4
  %223 = insertelement <8 x float> %222, float %216, i64 5
  %224 = insertelement <8 x float> %223, float %217, i64 6
  %225 = insertelement <8 x float> %224, float %218, i64 7
  %226 = fadd <8 x float> %225, %broadcast.splat21
  %227 = fsub <8 x float> %226, %wide.load
  %228 = fcmp uge <8 x float> %227, splat (float -8.780000e+01)
  %229 = select <8 x i1> %228, <8 x float> %227, <8 x float> splat (float -8.780000e+01)
  %230 = fcmp ule <8 x float> %229, splat (float 8.880000e+01)
  %231 = select <8 x i1> %230, <8 x float> %229, <8 x float> splat (float 8.880000e+01)
  %exp_f32.i247 = fmul <8 x float> %231, splat (float f0x3FB8AA3B)
  %exp_f321.i248 = fadd <8 x float> splat (float 5.000000e-01), %exp_f32.i247
  %232 = call <8 x float> @llvm.floor.v8f32(<8 x float> %exp_f321.i248)
  %233 = fcmp uge <8 x float> %232, splat (float -1.270000e+02)
  %234 = select <8 x i1> %233, <8 x float> %232, <8 x float> splat (float -1.270000e+02)
  %235 = fcmp ule <8 x float> %234, splat (float 1.270000e+02)
  %236 = select <8 x i1> %235, <8 x float> %234, <8 x float> splat (float 1.270000e+02)
  %exp_f322.i249 = fmul <8 x float> splat (float f0x3F318000), %236
  %237 = fsub <8 x float> %231, %exp_f322.i249
  %exp_f323.i250 = fmul <8 x float> splat (float f0xB95E8083), %236
  %238 = fsub <8 x float> %237, %exp_f323.i250
  %exp_f324.i251 = fmul <8 x float> %238, splat (float f0x39506967)
  %exp_f325.i252 = fadd <8 x float> splat (float f0x3AB743CE), %exp_f324.i251
  %exp_f326.i253 = fmul <8 x float> %exp_f325.i252, %238
  %exp_f327.i254 = fadd <8 x float> splat (float f0x3C088908), %exp_f326.i253
  %exp_f328.i255 = fmul <8 x float> %exp_f327.i254, %238
  %exp_f329.i256 = fadd <8 x float> splat (float f0x3D2AA9C1), %exp_f328.i255
  %exp_f3210.i257 = fmul <8 x float> %exp_f329.i256, %238
  %exp_f3211.i258 = fadd <8 x float> splat (float f0x3E2AAAAA), %exp_f3210.i257
  %exp_f3212.i259 = fmul <8 x float> %exp_f3211.i258, %238
  %exp_f3213.i260 = fadd <8 x float> splat (float 5.000000e-01), %exp_f3212.i259
  %exp_f3214.i261 = fmul <8 x float> %238, %238
  %exp_f3215.i262 = fmul <8 x float> %exp_f3213.i260, %exp_f3214.i261
  %exp_f3216.i263 = fadd <8 x float> %238, %exp_f3215.i262
  %exp_f3217.i264 = fadd <8 x float> splat (float 1.000000e+00), %exp_f3216.i263
  %239 = fptosi <8 x float> %236 to <8 x i32>
  %240 = add <8 x i32> %239, splat (i32 127)
  %241 = shl <8 x i32> %240, splat (i32 23)
  %242 = bitcast <8 x i32> %241 to <8 x float>
  %exp_f3218.i265 = fmul <8 x float> %exp_f3217.i264, %242
  %243 = extractelement <8 x float> %exp_f3218.i265, i64 0
  %244 = extractelement <8 x float> %exp_f3218.i265, i64 1
  %245 = extractelement <8 x float> %exp_f3218.i265, i64 2
  %246 = extractelement <8 x float> %exp_f3218.i265, i64 3
  %247 = extractelement <8 x float> %exp_f3218.i265, i64 4
  %248 = extractelement <8 x float> %exp_f3218.i265, i64 5
  %249 = extractelement <8 x float> %exp_f3218.i265, i64 6
  %250 = extractelement <8 x float> %exp_f3218.i265, i64 7
  %251 = getelementptr inbounds nuw i8, ptr %7, i64 12
  %252 = getelementptr inbounds nuw i8, ptr %7, i64 76
  %253 = getelementptr inbounds nuw i8, ptr %7, i64 140
  %254 = getelementptr inbounds nuw i8, ptr %7, i64 204
  %255 = getelementptr inbounds nuw i8, ptr %7, i64 268
  %256 = getelementptr inbounds nuw i8, ptr %7, i64 332
  %257 = getelementptr inbounds nuw i8, ptr %7, i64 396
  %258 = getelementptr inbounds nuw i8, ptr %7, i64 460
  store float %243, ptr %251, align 4, !alias.scope !13, !noalias !19
  store float %244, ptr %252, align 4, !alias.scope !13, !noalias !19
  store float %245, ptr %253, align 4, !alias.scope !13, !noalias !19
  store float %246, ptr %254, align 4, !alias.scope !13, !noalias !19
  store float %247, ptr %255, align 4, !alias.scope !13, !noalias !19
  store float %248, ptr %256, align 4, !alias.scope !13, !noalias !19
  store float %249, ptr %257, align 4, !alias.scope !13, !noalias !19
  store float %250, ptr %258, align 4, !alias.scope !13, !noalias !19
  %259 = getelementptr inbounds nuw i8, ptr %5, i64 16
  %260 = getelementptr inbounds nuw i8, ptr %5, i64 80
  %261 = getelementptr inbounds nuw i8, ptr %5, i64 144
  %262 = getelementptr inbounds nuw i8, ptr %5, i64 208
  %263 = getelementptr inbounds nuw i8, ptr %5, i64 272
  %264 = getelementptr inbounds nuw i8, ptr %5, i64 336
  %265 = getelementptr inbounds nuw i8, ptr %5, i64 400
  %266 = getelementptr inbounds nuw i8, ptr %5, i64 464
  %267 = load <8 x float>, ptr %259, align 4
  %268 = load float, ptr %260, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %269 = load float, ptr %261, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %270 = load float, ptr %262, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %271 = load float, ptr %263, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %272 = load float, ptr %264, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %273 = load float, ptr %265, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %274 = load float, ptr %266, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %275 = insertelement <8 x float> %267, float %268, i64 1
  %276 = insertelement <8 x float> %275, float %269, i64 2
  %277 = insertelement <8 x float> %276, float %270, i64 3
  %278 = insertelement <8 x float> %277, float %271, i64 4
  %279 = insertelement <8 x float> %278, float %272, i64 5
  %280 = insertelement <8 x float> %279, float %273, i64 6
  %281 = insertelement <8 x float> %280, float %274, i64 7
  %282 = fadd <8 x float> %281, %broadcast.splat23
  %283 = fsub <8 x float> %282, %wide.load
  %284 = fcmp uge <8 x float> %283, splat (float -8.780000e+01)
  %285 = select <8 x i1> %284, <8 x float> %283, <8 x float> splat (float -8.780000e+01)
  %286 = fcmp ule <8 x float> %285, splat (float 8.880000e+01)
  %287 = select <8 x i1> %286, <8 x float> %285, <8 x float> splat (float 8.880000e+01)
  %exp_f32.i228 = fmul <8 x float> %287, splat (float f0x3FB8AA3B)
  %exp_f321.i229 = fadd <8 x float> splat (float 5.000000e-01), %exp_f32.i228
  %288 = call <8 x float> @llvm.floor.v8f32(<8 x float> %exp_f321.i229)
  %289 = fcmp uge <8 x float> %288, splat (float -1.270000e+02)
  %290 = select <8 x i1> %289, <8 x float> %288, <8 x float> splat (float -1.270000e+02)
  %291 = fcmp ule <8 x float> %290, splat (float 1.270000e+02)
  %292 = select <8 x i1> %291, <8 x float> %290, <8 x float> splat (float 1.270000e+02)
  %exp_f322.i230 = fmul <8 x float> splat (float f0x3F318000), %292
  %293 = fsub <8 x float> %287, %exp_f322.i230
  %exp_f323.i231 = fmul <8 x float> splat (float f0xB95E8083), %292
  %294 = fsub <8 x float> %293, %exp_f323.i231
  %exp_f324.i232 = fmul <8 x float> %294, splat (float f0x39506967)
  %exp_f325.i233 = fadd <8 x float> splat (float f0x3AB743CE), %exp_f324.i232
  %exp_f326.i234 = fmul <8 x float> %exp_f325.i233, %294
  %exp_f327.i235 = fadd <8 x float> splat (float f0x3C088908), %exp_f326.i234
  %exp_f328.i236 = fmul <8 x float> %exp_f327.i235, %294
  %exp_f329.i237 = fadd <8 x float> splat (float f0x3D2AA9C1), %exp_f328.i236
  %exp_f3210.i238 = fmul <8 x float> %exp_f329.i237, %294
  %exp_f3211.i239 = fadd <8 x float> splat (float f0x3E2AAAAA), %exp_f3210.i238
  %exp_f3212.i240 = fmul <8 x float> %exp_f3211.i239, %294
  %exp_f3213.i241 = fadd <8 x float> splat (float 5.000000e-01), %exp_f3212.i240
  %exp_f3214.i242 = fmul <8 x float> %294, %294
  %exp_f3215.i243 = fmul <8 x float> %exp_f3213.i241, %exp_f3214.i242
  %exp_f3216.i244 = fadd <8 x float> %294, %exp_f3215.i243
  %exp_f3217.i245 = fadd <8 x float> splat (float 1.000000e+00), %exp_f3216.i244
  %295 = fptosi <8 x float> %292 to <8 x i32>
  %296 = add <8 x i32> %295, splat (i32 127)
  %297 = shl <8 x i32> %296, splat (i32 23)
  %298 = bitcast <8 x i32> %297 to <8 x float>
  %exp_f3218.i246 = fmul <8 x float> %exp_f3217.i245, %298
  %299 = extractelement <8 x float> %exp_f3218.i246, i64 0
  %300 = extractelement <8 x float> %exp_f3218.i246, i64 1
  %301 = extractelement <8 x float> %exp_f3218.i246, i64 2
  %302 = extractelement <8 x float> %exp_f3218.i246, i64 3
  %303 = extractelement <8 x float> %exp_f3218.i246, i64 4
  %304 = extractelement <8 x float> %exp_f3218.i246, i64 5
  %305 = extractelement <8 x float> %exp_f3218.i246, i64 6
  %306 = extractelement <8 x float> %exp_f3218.i246, i64 7
  %307 = getelementptr inbounds nuw i8, ptr %7, i64 16
  %308 = getelementptr inbounds nuw i8, ptr %7, i64 80
  %309 = getelementptr inbounds nuw i8, ptr %7, i64 144
  %310 = getelementptr inbounds nuw i8, ptr %7, i64 208
  %311 = getelementptr inbounds nuw i8, ptr %7, i64 272
  %312 = getelementptr inbounds nuw i8, ptr %7, i64 336
  %313 = getelementptr inbounds nuw i8, ptr %7, i64 400
  %314 = getelementptr inbounds nuw i8, ptr %7, i64 464
  store float %299, ptr %307, align 4, !alias.scope !13, !noalias !19
  store float %300, ptr %308, align 4, !alias.scope !13, !noalias !19
  store float %301, ptr %309, align 4, !alias.scope !13, !noalias !19
  store float %302, ptr %310, align 4, !alias.scope !13, !noalias !19
  store float %303, ptr %311, align 4, !alias.scope !13, !noalias !19
  store float %304, ptr %312, align 4, !alias.scope !13, !noalias !19
  store float %305, ptr %313, align 4, !alias.scope !13, !noalias !19
  store float %306, ptr %314, align 4, !alias.scope !13, !noalias !19
  %315 = getelementptr inbounds nuw i8, ptr %5, i64 20
  %316 = getelementptr inbounds nuw i8, ptr %5, i64 84
  %317 = getelementptr inbounds nuw i8, ptr %5, i64 148
  %318 = getelementptr inbounds nuw i8, ptr %5, i64 212
  %319 = getelementptr inbounds nuw i8, ptr %5, i64 276
  %320 = getelementptr inbounds nuw i8, ptr %5, i64 340
  %321 = getelementptr inbounds nuw i8, ptr %5, i64 404
  %322 = getelementptr inbounds nuw i8, ptr %5, i64 468
  %323 = load <8 x float>, ptr %315, align 4
  %324 = load float, ptr %316, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %325 = load float, ptr %317, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %326 = load float, ptr %318, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %327 = load float, ptr %319, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %328 = load float, ptr %320, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %329 = load float, ptr %321, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %330 = load float, ptr %322, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %331 = insertelement <8 x float> %323, float %324, i64 1
  %332 = insertelement <8 x float> %331, float %325, i64 2
  %333 = insertelement <8 x float> %332, float %326, i64 3
  %334 = insertelement <8 x float> %333, float %327, i64 4
  %335 = insertelement <8 x float> %334, float %328, i64 5
  %336 = insertelement <8 x float> %335, float %329, i64 6
  %337 = insertelement <8 x float> %336, float %330, i64 7
  %338 = fadd <8 x float> %337, %broadcast.splat25
  %339 = fsub <8 x float> %338, %wide.load
  %340 = fcmp uge <8 x float> %339, splat (float -8.780000e+01)
  %341 = select <8 x i1> %340, <8 x float> %339, <8 x float> splat (float -8.780000e+01)
  %342 = fcmp ule <8 x float> %341, splat (float 8.880000e+01)
  %343 = select <8 x i1> %342, <8 x float> %341, <8 x float> splat (float 8.880000e+01)
  %exp_f32.i209 = fmul <8 x float> %343, splat (float f0x3FB8AA3B)
  %exp_f321.i210 = fadd <8 x float> splat (float 5.000000e-01), %exp_f32.i209
  %344 = call <8 x float> @llvm.floor.v8f32(<8 x float> %exp_f321.i210)
  %345 = fcmp uge <8 x float> %344, splat (float -1.270000e+02)
  %346 = select <8 x i1> %345, <8 x float> %344, <8 x float> splat (float -1.270000e+02)
  %347 = fcmp ule <8 x float> %346, splat (float 1.270000e+02)
  %348 = select <8 x i1> %347, <8 x float> %346, <8 x float> splat (float 1.270000e+02)
  %exp_f322.i211 = fmul <8 x float> splat (float f0x3F318000), %348
  %349 = fsub <8 x float> %343, %exp_f322.i211
  %exp_f323.i212 = fmul <8 x float> splat (float f0xB95E8083), %348
  %350 = fsub <8 x float> %349, %exp_f323.i212
  %exp_f324.i213 = fmul <8 x float> %350, splat (float f0x39506967)
  %exp_f325.i214 = fadd <8 x float> splat (float f0x3AB743CE), %exp_f324.i213
  %exp_f326.i215 = fmul <8 x float> %exp_f325.i214, %350
  %exp_f327.i216 = fadd <8 x float> splat (float f0x3C088908), %exp_f326.i215
  %exp_f328.i217 = fmul <8 x float> %exp_f327.i216, %350
  %exp_f329.i218 = fadd <8 x float> splat (float f0x3D2AA9C1), %exp_f328.i217
  %exp_f3210.i219 = fmul <8 x float> %exp_f329.i218, %350
  %exp_f3211.i220 = fadd <8 x float> splat (float f0x3E2AAAAA), %exp_f3210.i219
  %exp_f3212.i221 = fmul <8 x float> %exp_f3211.i220, %350
  %exp_f3213.i222 = fadd <8 x float> splat (float 5.000000e-01), %exp_f3212.i221
  %exp_f3214.i223 = fmul <8 x float> %350, %350
  %exp_f3215.i224 = fmul <8 x float> %exp_f3213.i222, %exp_f3214.i223
  %exp_f3216.i225 = fadd <8 x float> %350, %exp_f3215.i224
  %exp_f3217.i226 = fadd <8 x float> splat (float 1.000000e+00), %exp_f3216.i225
  %351 = fptosi <8 x float> %348 to <8 x i32>
  %352 = add <8 x i32> %351, splat (i32 127)
  %353 = shl <8 x i32> %352, splat (i32 23)
  %354 = bitcast <8 x i32> %353 to <8 x float>
  %exp_f3218.i227 = fmul <8 x float> %exp_f3217.i226, %354
  %355 = extractelement <8 x float> %exp_f3218.i227, i64 0
  %356 = extractelement <8 x float> %exp_f3218.i227, i64 1
  %357 = extractelement <8 x float> %exp_f3218.i227, i64 2
  %358 = extractelement <8 x float> %exp_f3218.i227, i64 3
  %359 = extractelement <8 x float> %exp_f3218.i227, i64 4
  %360 = extractelement <8 x float> %exp_f3218.i227, i64 5
  %361 = extractelement <8 x float> %exp_f3218.i227, i64 6
  %362 = extractelement <8 x float> %exp_f3218.i227, i64 7
  %363 = getelementptr inbounds nuw i8, ptr %7, i64 20
  %364 = getelementptr inbounds nuw i8, ptr %7, i64 84
  %365 = getelementptr inbounds nuw i8, ptr %7, i64 148
  %366 = getelementptr inbounds nuw i8, ptr %7, i64 212
  %367 = getelementptr inbounds nuw i8, ptr %7, i64 276
  %368 = getelementptr inbounds nuw i8, ptr %7, i64 340
  %369 = getelementptr inbounds nuw i8, ptr %7, i64 404
  %370 = getelementptr inbounds nuw i8, ptr %7, i64 468
  store float %355, ptr %363, align 4, !alias.scope !13, !noalias !19
  store float %356, ptr %364, align 4, !alias.scope !13, !noalias !19
  store float %357, ptr %365, align 4, !alias.scope !13, !noalias !19
  store float %358, ptr %366, align 4, !alias.scope !13, !noalias !19
  store float %359, ptr %367, align 4, !alias.scope !13, !noalias !19
  store float %360, ptr %368, align 4, !alias.scope !13, !noalias !19
  store float %361, ptr %369, align 4, !alias.scope !13, !noalias !19
  store float %362, ptr %370, align 4, !alias.scope !13, !noalias !19
  %371 = getelementptr inbounds nuw i8, ptr %5, i64 24
  %372 = getelementptr inbounds nuw i8, ptr %5, i64 88
  %373 = getelementptr inbounds nuw i8, ptr %5, i64 152
  %374 = getelementptr inbounds nuw i8, ptr %5, i64 216
  %375 = getelementptr inbounds nuw i8, ptr %5, i64 280
  %376 = getelementptr inbounds nuw i8, ptr %5, i64 344
  %377 = getelementptr inbounds nuw i8, ptr %5, i64 408
  %378 = getelementptr inbounds nuw i8, ptr %5, i64 472
  %379 = load <8 x float>, ptr %371, align 4
  %380 = load float, ptr %372, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %381 = load float, ptr %373, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %382 = load float, ptr %374, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %383 = load float, ptr %375, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %384 = load float, ptr %376, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %385 = load float, ptr %377, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %386 = load float, ptr %378, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %387 = insertelement <8 x float> %379, float %380, i64 1
  %388 = insertelement <8 x float> %387, float %381, i64 2
  %389 = insertelement <8 x float> %388, float %382, i64 3
  %390 = insertelement <8 x float> %389, float %383, i64 4
  %391 = insertelement <8 x float> %390, float %384, i64 5
  %392 = insertelement <8 x float> %391, float %385, i64 6
  %393 = insertelement <8 x float> %392, float %386, i64 7
  %394 = fadd <8 x float> %393, %broadcast.splat
  %395 = fsub <8 x float> %394, %wide.load
  %396 = fcmp uge <8 x float> %395, splat (float -8.780000e+01)
  %397 = select <8 x i1> %396, <8 x float> %395, <8 x float> splat (float -8.780000e+01)
  %398 = fcmp ule <8 x float> %397, splat (float 8.880000e+01)
  %399 = select <8 x i1> %398, <8 x float> %397, <8 x float> splat (float 8.880000e+01)
  %exp_f32.i190 = fmul <8 x float> %399, splat (float f0x3FB8AA3B)
  %exp_f321.i191 = fadd <8 x float> splat (float 5.000000e-01), %exp_f32.i190
  %400 = call <8 x float> @llvm.floor.v8f32(<8 x float> %exp_f321.i191)
  %401 = fcmp uge <8 x float> %400, splat (float -1.270000e+02)
  %402 = select <8 x i1> %401, <8 x float> %400, <8 x float> splat (float -1.270000e+02)
  %403 = fcmp ule <8 x float> %402, splat (float 1.270000e+02)
  %404 = select <8 x i1> %403, <8 x float> %402, <8 x float> splat (float 1.270000e+02)
  %exp_f322.i192 = fmul <8 x float> splat (float f0x3F318000), %404
  %405 = fsub <8 x float> %399, %exp_f322.i192
  %exp_f323.i193 = fmul <8 x float> splat (float f0xB95E8083), %404
  %406 = fsub <8 x float> %405, %exp_f323.i193
  %exp_f324.i194 = fmul <8 x float> %406, splat (float f0x39506967)
  %exp_f325.i195 = fadd <8 x float> splat (float f0x3AB743CE), %exp_f324.i194
  %exp_f326.i196 = fmul <8 x float> %exp_f325.i195, %406
  %exp_f327.i197 = fadd <8 x float> splat (float f0x3C088908), %exp_f326.i196
  %exp_f328.i198 = fmul <8 x float> %exp_f327.i197, %406
  %exp_f329.i199 = fadd <8 x float> splat (float f0x3D2AA9C1), %exp_f328.i198
  %exp_f3210.i200 = fmul <8 x float> %exp_f329.i199, %406
  %exp_f3211.i201 = fadd <8 x float> splat (float f0x3E2AAAAA), %exp_f3210.i200
  %exp_f3212.i202 = fmul <8 x float> %exp_f3211.i201, %406
  %exp_f3213.i203 = fadd <8 x float> splat (float 5.000000e-01), %exp_f3212.i202
  %exp_f3214.i204 = fmul <8 x float> %406, %406
  %exp_f3215.i205 = fmul <8 x float> %exp_f3213.i203, %exp_f3214.i204
  %exp_f3216.i206 = fadd <8 x float> %406, %exp_f3215.i205
  %exp_f3217.i207 = fadd <8 x float> splat (float 1.000000e+00), %exp_f3216.i206
  %407 = fptosi <8 x float> %404 to <8 x i32>
  %408 = add <8 x i32> %407, splat (i32 127)
  %409 = shl <8 x i32> %408, splat (i32 23)
  %410 = bitcast <8 x i32> %409 to <8 x float>
  %exp_f3218.i208 = fmul <8 x float> %exp_f3217.i207, %410
  %411 = extractelement <8 x float> %exp_f3218.i208, i64 0
  %412 = extractelement <8 x float> %exp_f3218.i208, i64 1
  %413 = extractelement <8 x float> %exp_f3218.i208, i64 2
  %414 = extractelement <8 x float> %exp_f3218.i208, i64 3
  %415 = extractelement <8 x float> %exp_f3218.i208, i64 4
  %416 = extractelement <8 x float> %exp_f3218.i208, i64 5
  %417 = extractelement <8 x float> %exp_f3218.i208, i64 6
  %418 = extractelement <8 x float> %exp_f3218.i208, i64 7
  %419 = getelementptr inbounds nuw i8, ptr %7, i64 24
  %420 = getelementptr inbounds nuw i8, ptr %7, i64 88
  %421 = getelementptr inbounds nuw i8, ptr %7, i64 152
  %422 = getelementptr inbounds nuw i8, ptr %7, i64 216
  %423 = getelementptr inbounds nuw i8, ptr %7, i64 280
  %424 = getelementptr inbounds nuw i8, ptr %7, i64 344
  %425 = getelementptr inbounds nuw i8, ptr %7, i64 408
  %426 = getelementptr inbounds nuw i8, ptr %7, i64 472
  store float %411, ptr %419, align 4, !alias.scope !13, !noalias !19
  store float %412, ptr %420, align 4, !alias.scope !13, !noalias !19
  store float %413, ptr %421, align 4, !alias.scope !13, !noalias !19
  store float %414, ptr %422, align 4, !alias.scope !13, !noalias !19
  store float %415, ptr %423, align 4, !alias.scope !13, !noalias !19
  store float %416, ptr %424, align 4, !alias.scope !13, !noalias !19
  store float %417, ptr %425, align 4, !alias.scope !13, !noalias !19
  store float %418, ptr %426, align 4, !alias.scope !13, !noalias !19
  %427 = getelementptr inbounds nuw i8, ptr %5, i64 28
  %428 = getelementptr inbounds nuw i8, ptr %5, i64 92
  %429 = getelementptr inbounds nuw i8, ptr %5, i64 156
  %430 = getelementptr inbounds nuw i8, ptr %5, i64 220
  %431 = getelementptr inbounds nuw i8, ptr %5, i64 284
  %432 = getelementptr inbounds nuw i8, ptr %5, i64 348
  %433 = getelementptr inbounds nuw i8, ptr %5, i64 412
  %434 = getelementptr inbounds nuw i8, ptr %5, i64 476
  %435 = load <8 x float>, ptr %427, align 4
  %436 = load float, ptr %428, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %437 = load float, ptr %429, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %438 = load float, ptr %430, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %439 = load float, ptr %431, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %440 = load float, ptr %432, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %441 = load float, ptr %433, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %442 = load float, ptr %434, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %443 = insertelement <8 x float> %435, float %436, i64 1
  %444 = insertelement <8 x float> %443, float %437, i64 2
  %445 = insertelement <8 x float> %444, float %438, i64 3
  %446 = insertelement <8 x float> %445, float %439, i64 4
  %447 = insertelement <8 x float> %446, float %440, i64 5
  %448 = insertelement <8 x float> %447, float %441, i64 6
  %449 = insertelement <8 x float> %448, float %442, i64 7
  %450 = fadd <8 x float> %449, %broadcast.splat9
  %451 = fsub <8 x float> %450, %wide.load
  %452 = fcmp uge <8 x float> %451, splat (float -8.780000e+01)
  %453 = select <8 x i1> %452, <8 x float> %451, <8 x float> splat (float -8.780000e+01)
  %454 = fcmp ule <8 x float> %453, splat (float 8.880000e+01)
  %455 = select <8 x i1> %454, <8 x float> %453, <8 x float> splat (float 8.880000e+01)
  %exp_f32.i171 = fmul <8 x float> %455, splat (float f0x3FB8AA3B)
  %exp_f321.i172 = fadd <8 x float> splat (float 5.000000e-01), %exp_f32.i171
  %456 = call <8 x float> @llvm.floor.v8f32(<8 x float> %exp_f321.i172)
  %457 = fcmp uge <8 x float> %456, splat (float -1.270000e+02)
  %458 = select <8 x i1> %457, <8 x float> %456, <8 x float> splat (float -1.270000e+02)
  %459 = fcmp ule <8 x float> %458, splat (float 1.270000e+02)
  %460 = select <8 x i1> %459, <8 x float> %458, <8 x float> splat (float 1.270000e+02)
  %exp_f322.i173 = fmul <8 x float> splat (float f0x3F318000), %460
  %461 = fsub <8 x float> %455, %exp_f322.i173
  %exp_f323.i174 = fmul <8 x float> splat (float f0xB95E8083), %460
  %462 = fsub <8 x float> %461, %exp_f323.i174
  %exp_f324.i175 = fmul <8 x float> %462, splat (float f0x39506967)
  %exp_f325.i176 = fadd <8 x float> splat (float f0x3AB743CE), %exp_f324.i175
  %exp_f326.i177 = fmul <8 x float> %exp_f325.i176, %462
  %exp_f327.i178 = fadd <8 x float> splat (float f0x3C088908), %exp_f326.i177
  %exp_f328.i179 = fmul <8 x float> %exp_f327.i178, %462
  %exp_f329.i180 = fadd <8 x float> splat (float f0x3D2AA9C1), %exp_f328.i179
  %exp_f3210.i181 = fmul <8 x float> %exp_f329.i180, %462
  %exp_f3211.i182 = fadd <8 x float> splat (float f0x3E2AAAAA), %exp_f3210.i181
  %exp_f3212.i183 = fmul <8 x float> %exp_f3211.i182, %462
  %exp_f3213.i184 = fadd <8 x float> splat (float 5.000000e-01), %exp_f3212.i183
  %exp_f3214.i185 = fmul <8 x float> %462, %462
  %exp_f3215.i186 = fmul <8 x float> %exp_f3213.i184, %exp_f3214.i185
  %exp_f3216.i187 = fadd <8 x float> %462, %exp_f3215.i186
  %exp_f3217.i188 = fadd <8 x float> splat (float 1.000000e+00), %exp_f3216.i187
  %463 = fptosi <8 x float> %460 to <8 x i32>
  %464 = add <8 x i32> %463, splat (i32 127)
  %465 = shl <8 x i32> %464, splat (i32 23)
  %466 = bitcast <8 x i32> %465 to <8 x float>
  %exp_f3218.i189 = fmul <8 x float> %exp_f3217.i188, %466
  %467 = extractelement <8 x float> %exp_f3218.i189, i64 0
  %468 = extractelement <8 x float> %exp_f3218.i189, i64 1
  %469 = extractelement <8 x float> %exp_f3218.i189, i64 2
  %470 = extractelement <8 x float> %exp_f3218.i189, i64 3
  %471 = extractelement <8 x float> %exp_f3218.i189, i64 4
  %472 = extractelement <8 x float> %exp_f3218.i189, i64 5
  %473 = extractelement <8 x float> %exp_f3218.i189, i64 6
  %474 = extractelement <8 x float> %exp_f3218.i189, i64 7
  %475 = getelementptr inbounds nuw i8, ptr %7, i64 28
  %476 = getelementptr inbounds nuw i8, ptr %7, i64 92
  %477 = getelementptr inbounds nuw i8, ptr %7, i64 156
  %478 = getelementptr inbounds nuw i8, ptr %7, i64 220
  %479 = getelementptr inbounds nuw i8, ptr %7, i64 284
  %480 = getelementptr inbounds nuw i8, ptr %7, i64 348
  %481 = getelementptr inbounds nuw i8, ptr %7, i64 412
  %482 = getelementptr inbounds nuw i8, ptr %7, i64 476
  store float %467, ptr %475, align 4, !alias.scope !13, !noalias !19
  store float %468, ptr %476, align 4, !alias.scope !13, !noalias !19
  store float %469, ptr %477, align 4, !alias.scope !13, !noalias !19
  store float %470, ptr %478, align 4, !alias.scope !13, !noalias !19
  store float %471, ptr %479, align 4, !alias.scope !13, !noalias !19
  store float %472, ptr %480, align 4, !alias.scope !13, !noalias !19
  store float %473, ptr %481, align 4, !alias.scope !13, !noalias !19
  store float %474, ptr %482, align 4, !alias.scope !13, !noalias !19
  %483 = getelementptr inbounds nuw i8, ptr %5, i64 32
  %484 = getelementptr inbounds nuw i8, ptr %5, i64 96
  %485 = getelementptr inbounds nuw i8, ptr %5, i64 160
  %486 = getelementptr inbounds nuw i8, ptr %5, i64 224
  %487 = getelementptr inbounds nuw i8, ptr %5, i64 288
  %488 = getelementptr inbounds nuw i8, ptr %5, i64 352
  %489 = getelementptr inbounds nuw i8, ptr %5, i64 416
  %490 = getelementptr inbounds nuw i8, ptr %5, i64 480
  %491 = load <8 x float>, ptr %483, align 4
  %492 = load float, ptr %484, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %493 = load float, ptr %485, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %494 = load float, ptr %486, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %495 = load float, ptr %487, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %496 = load float, ptr %488, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %497 = load float, ptr %489, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %498 = load float, ptr %490, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %499 = insertelement <8 x float> %491, float %492, i64 1
  %500 = insertelement <8 x float> %499, float %493, i64 2
  %501 = insertelement <8 x float> %500, float %494, i64 3
  %502 = insertelement <8 x float> %501, float %495, i64 4
  %503 = insertelement <8 x float> %502, float %496, i64 5
  %504 = insertelement <8 x float> %503, float %497, i64 6
  %505 = insertelement <8 x float> %504, float %498, i64 7
  %506 = fadd <8 x float> %505, %broadcast.splat11
  %507 = fsub <8 x float> %506, %wide.load
  %508 = fcmp uge <8 x float> %507, splat (float -8.780000e+01)
  %509 = select <8 x i1> %508, <8 x float> %507, <8 x float> splat (float -8.780000e+01)
  %510 = fcmp ule <8 x float> %509, splat (float 8.880000e+01)
  %511 = select <8 x i1> %510, <8 x float> %509, <8 x float> splat (float 8.880000e+01)
  %exp_f32.i152 = fmul <8 x float> %511, splat (float f0x3FB8AA3B)
  %exp_f321.i153 = fadd <8 x float> splat (float 5.000000e-01), %exp_f32.i152
  %512 = call <8 x float> @llvm.floor.v8f32(<8 x float> %exp_f321.i153)
  %513 = fcmp uge <8 x float> %512, splat (float -1.270000e+02)
  %514 = select <8 x i1> %513, <8 x float> %512, <8 x float> splat (float -1.270000e+02)
  %515 = fcmp ule <8 x float> %514, splat (float 1.270000e+02)
  %516 = select <8 x i1> %515, <8 x float> %514, <8 x float> splat (float 1.270000e+02)
  %exp_f322.i154 = fmul <8 x float> splat (float f0x3F318000), %516
  %517 = fsub <8 x float> %511, %exp_f322.i154
  %exp_f323.i155 = fmul <8 x float> splat (float f0xB95E8083), %516
  %518 = fsub <8 x float> %517, %exp_f323.i155
  %exp_f324.i156 = fmul <8 x float> %518, splat (float f0x39506967)
  %exp_f325.i157 = fadd <8 x float> splat (float f0x3AB743CE), %exp_f324.i156
  %exp_f326.i158 = fmul <8 x float> %exp_f325.i157, %518
  %exp_f327.i159 = fadd <8 x float> splat (float f0x3C088908), %exp_f326.i158
  %exp_f328.i160 = fmul <8 x float> %exp_f327.i159, %518
  %exp_f329.i161 = fadd <8 x float> splat (float f0x3D2AA9C1), %exp_f328.i160
  %exp_f3210.i162 = fmul <8 x float> %exp_f329.i161, %518
  %exp_f3211.i163 = fadd <8 x float> splat (float f0x3E2AAAAA), %exp_f3210.i162
  %exp_f3212.i164 = fmul <8 x float> %exp_f3211.i163, %518
  %exp_f3213.i165 = fadd <8 x float> splat (float 5.000000e-01), %exp_f3212.i164
  %exp_f3214.i166 = fmul <8 x float> %518, %518
  %exp_f3215.i167 = fmul <8 x float> %exp_f3213.i165, %exp_f3214.i166
  %exp_f3216.i168 = fadd <8 x float> %518, %exp_f3215.i167
  %exp_f3217.i169 = fadd <8 x float> splat (float 1.000000e+00), %exp_f3216.i168
  %519 = fptosi <8 x float> %516 to <8 x i32>
  %520 = add <8 x i32> %519, splat (i32 127)
  %521 = shl <8 x i32> %520, splat (i32 23)
  %522 = bitcast <8 x i32> %521 to <8 x float>
  %exp_f3218.i170 = fmul <8 x float> %exp_f3217.i169, %522
  %523 = extractelement <8 x float> %exp_f3218.i170, i64 0
  %524 = extractelement <8 x float> %exp_f3218.i170, i64 1
  %525 = extractelement <8 x float> %exp_f3218.i170, i64 2
  %526 = extractelement <8 x float> %exp_f3218.i170, i64 3
  %527 = extractelement <8 x float> %exp_f3218.i170, i64 4
  %528 = extractelement <8 x float> %exp_f3218.i170, i64 5
  %529 = extractelement <8 x float> %exp_f3218.i170, i64 6
  %530 = extractelement <8 x float> %exp_f3218.i170, i64 7
  %531 = getelementptr inbounds nuw i8, ptr %7, i64 32
  %532 = getelementptr inbounds nuw i8, ptr %7, i64 96
  %533 = getelementptr inbounds nuw i8, ptr %7, i64 160
  %534 = getelementptr inbounds nuw i8, ptr %7, i64 224
  %535 = getelementptr inbounds nuw i8, ptr %7, i64 288
  %536 = getelementptr inbounds nuw i8, ptr %7, i64 352
  %537 = getelementptr inbounds nuw i8, ptr %7, i64 416
  %538 = getelementptr inbounds nuw i8, ptr %7, i64 480
  store float %523, ptr %531, align 4, !alias.scope !13, !noalias !19
  store float %524, ptr %532, align 4, !alias.scope !13, !noalias !19
  store float %525, ptr %533, align 4, !alias.scope !13, !noalias !19
  store float %526, ptr %534, align 4, !alias.scope !13, !noalias !19
  store float %527, ptr %535, align 4, !alias.scope !13, !noalias !19
  store float %528, ptr %536, align 4, !alias.scope !13, !noalias !19
  store float %529, ptr %537, align 4, !alias.scope !13, !noalias !19
  store float %530, ptr %538, align 4, !alias.scope !13, !noalias !19
  %539 = getelementptr inbounds nuw i8, ptr %5, i64 36
  %540 = getelementptr inbounds nuw i8, ptr %5, i64 100
  %541 = getelementptr inbounds nuw i8, ptr %5, i64 164
  %542 = getelementptr inbounds nuw i8, ptr %5, i64 228
  %543 = getelementptr inbounds nuw i8, ptr %5, i64 292
  %544 = getelementptr inbounds nuw i8, ptr %5, i64 356
  %545 = getelementptr inbounds nuw i8, ptr %5, i64 420
  %546 = getelementptr inbounds nuw i8, ptr %5, i64 484
  %547 = load <8 x float>, ptr %539, align 4
  %548 = load float, ptr %540, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %549 = load float, ptr %541, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %550 = load float, ptr %542, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %551 = load float, ptr %543, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %552 = load float, ptr %544, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %553 = load float, ptr %545, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %554 = load float, ptr %546, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %555 = insertelement <8 x float> %547, float %548, i64 1
  %556 = insertelement <8 x float> %555, float %549, i64 2
  %557 = insertelement <8 x float> %556, float %550, i64 3
  %558 = insertelement <8 x float> %557, float %551, i64 4
  %559 = insertelement <8 x float> %558, float %552, i64 5
  %560 = insertelement <8 x float> %559, float %553, i64 6
  %561 = insertelement <8 x float> %560, float %554, i64 7
  %562 = fadd <8 x float> %561, %broadcast.splat13
  %563 = fsub <8 x float> %562, %wide.load
  %564 = fcmp uge <8 x float> %563, splat (float -8.780000e+01)
  %565 = select <8 x i1> %564, <8 x float> %563, <8 x float> splat (float -8.780000e+01)
  %566 = fcmp ule <8 x float> %565, splat (float 8.880000e+01)
  %567 = select <8 x i1> %566, <8 x float> %565, <8 x float> splat (float 8.880000e+01)
  %exp_f32.i133 = fmul <8 x float> %567, splat (float f0x3FB8AA3B)
  %exp_f321.i134 = fadd <8 x float> splat (float 5.000000e-01), %exp_f32.i133
  %568 = call <8 x float> @llvm.floor.v8f32(<8 x float> %exp_f321.i134)
  %569 = fcmp uge <8 x float> %568, splat (float -1.270000e+02)
  %570 = select <8 x i1> %569, <8 x float> %568, <8 x float> splat (float -1.270000e+02)
  %571 = fcmp ule <8 x float> %570, splat (float 1.270000e+02)
  %572 = select <8 x i1> %571, <8 x float> %570, <8 x float> splat (float 1.270000e+02)
  %exp_f322.i135 = fmul <8 x float> splat (float f0x3F318000), %572
  %573 = fsub <8 x float> %567, %exp_f322.i135
  %exp_f323.i136 = fmul <8 x float> splat (float f0xB95E8083), %572
  %574 = fsub <8 x float> %573, %exp_f323.i136
  %exp_f324.i137 = fmul <8 x float> %574, splat (float f0x39506967)
  %exp_f325.i138 = fadd <8 x float> splat (float f0x3AB743CE), %exp_f324.i137
  %exp_f326.i139 = fmul <8 x float> %exp_f325.i138, %574
  %exp_f327.i140 = fadd <8 x float> splat (float f0x3C088908), %exp_f326.i139
  %exp_f328.i141 = fmul <8 x float> %exp_f327.i140, %574
  %exp_f329.i142 = fadd <8 x float> splat (float f0x3D2AA9C1), %exp_f328.i141
  %exp_f3210.i143 = fmul <8 x float> %exp_f329.i142, %574
  %exp_f3211.i144 = fadd <8 x float> splat (float f0x3E2AAAAA), %exp_f3210.i143
  %exp_f3212.i145 = fmul <8 x float> %exp_f3211.i144, %574
  %exp_f3213.i146 = fadd <8 x float> splat (float 5.000000e-01), %exp_f3212.i145
  %exp_f3214.i147 = fmul <8 x float> %574, %574
  %exp_f3215.i148 = fmul <8 x float> %exp_f3213.i146, %exp_f3214.i147
  %exp_f3216.i149 = fadd <8 x float> %574, %exp_f3215.i148
  %exp_f3217.i150 = fadd <8 x float> splat (float 1.000000e+00), %exp_f3216.i149
  %575 = fptosi <8 x float> %572 to <8 x i32>
  %576 = add <8 x i32> %575, splat (i32 127)
  %577 = shl <8 x i32> %576, splat (i32 23)
  %578 = bitcast <8 x i32> %577 to <8 x float>
  %exp_f3218.i151 = fmul <8 x float> %exp_f3217.i150, %578
  %579 = extractelement <8 x float> %exp_f3218.i151, i64 0
  %580 = extractelement <8 x float> %exp_f3218.i151, i64 1
  %581 = extractelement <8 x float> %exp_f3218.i151, i64 2
  %582 = extractelement <8 x float> %exp_f3218.i151, i64 3
  %583 = extractelement <8 x float> %exp_f3218.i151, i64 4
  %584 = extractelement <8 x float> %exp_f3218.i151, i64 5
  %585 = extractelement <8 x float> %exp_f3218.i151, i64 6
  %586 = extractelement <8 x float> %exp_f3218.i151, i64 7
  %587 = getelementptr inbounds nuw i8, ptr %7, i64 36
  %588 = getelementptr inbounds nuw i8, ptr %7, i64 100
  %589 = getelementptr inbounds nuw i8, ptr %7, i64 164
  %590 = getelementptr inbounds nuw i8, ptr %7, i64 228
  %591 = getelementptr inbounds nuw i8, ptr %7, i64 292
  %592 = getelementptr inbounds nuw i8, ptr %7, i64 356
  %593 = getelementptr inbounds nuw i8, ptr %7, i64 420
  %594 = getelementptr inbounds nuw i8, ptr %7, i64 484
  store float %579, ptr %587, align 4, !alias.scope !13, !noalias !19
  store float %580, ptr %588, align 4, !alias.scope !13, !noalias !19
  store float %581, ptr %589, align 4, !alias.scope !13, !noalias !19
  store float %582, ptr %590, align 4, !alias.scope !13, !noalias !19
  store float %583, ptr %591, align 4, !alias.scope !13, !noalias !19
  store float %584, ptr %592, align 4, !alias.scope !13, !noalias !19
  store float %585, ptr %593, align 4, !alias.scope !13, !noalias !19
  store float %586, ptr %594, align 4, !alias.scope !13, !noalias !19
  %595 = getelementptr inbounds nuw i8, ptr %5, i64 40
  %596 = getelementptr inbounds nuw i8, ptr %5, i64 104
  %597 = getelementptr inbounds nuw i8, ptr %5, i64 168
  %598 = getelementptr inbounds nuw i8, ptr %5, i64 232
  %599 = getelementptr inbounds nuw i8, ptr %5, i64 296
  %600 = getelementptr inbounds nuw i8, ptr %5, i64 360
  %601 = getelementptr inbounds nuw i8, ptr %5, i64 424
  %602 = getelementptr inbounds nuw i8, ptr %5, i64 488
  %603 = load <8 x float>, ptr %595, align 4
  %604 = load float, ptr %596, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %605 = load float, ptr %597, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %606 = load float, ptr %598, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %607 = load float, ptr %599, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %608 = load float, ptr %600, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %609 = load float, ptr %601, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %610 = load float, ptr %602, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %611 = insertelement <8 x float> %603, float %604, i64 1
  %612 = insertelement <8 x float> %611, float %605, i64 2
  %613 = insertelement <8 x float> %612, float %606, i64 3
  %614 = insertelement <8 x float> %613, float %607, i64 4
  %615 = insertelement <8 x float> %614, float %608, i64 5
  %616 = insertelement <8 x float> %615, float %609, i64 6
  %617 = insertelement <8 x float> %616, float %610, i64 7
  %618 = fadd <8 x float> %617, %broadcast.splat27
  %619 = fsub <8 x float> %618, %wide.load
  %620 = fcmp uge <8 x float> %619, splat (float -8.780000e+01)
  %621 = select <8 x i1> %620, <8 x float> %619, <8 x float> splat (float -8.780000e+01)
  %622 = fcmp ule <8 x float> %621, splat (float 8.880000e+01)
  %623 = select <8 x i1> %622, <8 x float> %621, <8 x float> splat (float 8.880000e+01)
  %exp_f32.i114 = fmul <8 x float> %623, splat (float f0x3FB8AA3B)
  %exp_f321.i115 = fadd <8 x float> splat (float 5.000000e-01), %exp_f32.i114
  %624 = call <8 x float> @llvm.floor.v8f32(<8 x float> %exp_f321.i115)
  %625 = fcmp uge <8 x float> %624, splat (float -1.270000e+02)
  %626 = select <8 x i1> %625, <8 x float> %624, <8 x float> splat (float -1.270000e+02)
  %627 = fcmp ule <8 x float> %626, splat (float 1.270000e+02)
  %628 = select <8 x i1> %627, <8 x float> %626, <8 x float> splat (float 1.270000e+02)
  %exp_f322.i116 = fmul <8 x float> splat (float f0x3F318000), %628
  %629 = fsub <8 x float> %623, %exp_f322.i116
  %exp_f323.i117 = fmul <8 x float> splat (float f0xB95E8083), %628
  %630 = fsub <8 x float> %629, %exp_f323.i117
  %exp_f324.i118 = fmul <8 x float> %630, splat (float f0x39506967)
  %exp_f325.i119 = fadd <8 x float> splat (float f0x3AB743CE), %exp_f324.i118
  %exp_f326.i120 = fmul <8 x float> %exp_f325.i119, %630
  %exp_f327.i121 = fadd <8 x float> splat (float f0x3C088908), %exp_f326.i120
  %exp_f328.i122 = fmul <8 x float> %exp_f327.i121, %630
  %exp_f329.i123 = fadd <8 x float> splat (float f0x3D2AA9C1), %exp_f328.i122
  %exp_f3210.i124 = fmul <8 x float> %exp_f329.i123, %630
  %exp_f3211.i125 = fadd <8 x float> splat (float f0x3E2AAAAA), %exp_f3210.i124
  %exp_f3212.i126 = fmul <8 x float> %exp_f3211.i125, %630
  %exp_f3213.i127 = fadd <8 x float> splat (float 5.000000e-01), %exp_f3212.i126
  %exp_f3214.i128 = fmul <8 x float> %630, %630
  %exp_f3215.i129 = fmul <8 x float> %exp_f3213.i127, %exp_f3214.i128
  %exp_f3216.i130 = fadd <8 x float> %630, %exp_f3215.i129
  %exp_f3217.i131 = fadd <8 x float> splat (float 1.000000e+00), %exp_f3216.i130
  %631 = fptosi <8 x float> %628 to <8 x i32>
  %632 = add <8 x i32> %631, splat (i32 127)
  %633 = shl <8 x i32> %632, splat (i32 23)
  %634 = bitcast <8 x i32> %633 to <8 x float>
  %exp_f3218.i132 = fmul <8 x float> %exp_f3217.i131, %634
  %635 = extractelement <8 x float> %exp_f3218.i132, i64 0
  %636 = extractelement <8 x float> %exp_f3218.i132, i64 1
  %637 = extractelement <8 x float> %exp_f3218.i132, i64 2
  %638 = extractelement <8 x float> %exp_f3218.i132, i64 3
  %639 = extractelement <8 x float> %exp_f3218.i132, i64 4
  %640 = extractelement <8 x float> %exp_f3218.i132, i64 5
  %641 = extractelement <8 x float> %exp_f3218.i132, i64 6
  %642 = extractelement <8 x float> %exp_f3218.i132, i64 7
  %643 = getelementptr inbounds nuw i8, ptr %7, i64 40
  %644 = getelementptr inbounds nuw i8, ptr %7, i64 104
  %645 = getelementptr inbounds nuw i8, ptr %7, i64 168
  %646 = getelementptr inbounds nuw i8, ptr %7, i64 232
  %647 = getelementptr inbounds nuw i8, ptr %7, i64 296
  %648 = getelementptr inbounds nuw i8, ptr %7, i64 360
  %649 = getelementptr inbounds nuw i8, ptr %7, i64 424
  %650 = getelementptr inbounds nuw i8, ptr %7, i64 488
  store float %635, ptr %643, align 4, !alias.scope !13, !noalias !19
  store float %636, ptr %644, align 4, !alias.scope !13, !noalias !19
  store float %637, ptr %645, align 4, !alias.scope !13, !noalias !19
  store float %638, ptr %646, align 4, !alias.scope !13, !noalias !19
  store float %639, ptr %647, align 4, !alias.scope !13, !noalias !19
  store float %640, ptr %648, align 4, !alias.scope !13, !noalias !19
  store float %641, ptr %649, align 4, !alias.scope !13, !noalias !19
  store float %642, ptr %650, align 4, !alias.scope !13, !noalias !19
  %651 = getelementptr inbounds nuw i8, ptr %5, i64 44
  %652 = getelementptr inbounds nuw i8, ptr %5, i64 108
  %653 = getelementptr inbounds nuw i8, ptr %5, i64 172
  %654 = getelementptr inbounds nuw i8, ptr %5, i64 236
  %655 = getelementptr inbounds nuw i8, ptr %5, i64 300
  %656 = getelementptr inbounds nuw i8, ptr %5, i64 364
  %657 = getelementptr inbounds nuw i8, ptr %5, i64 428
  %658 = getelementptr inbounds nuw i8, ptr %5, i64 492
  %659 = load <8 x float>, ptr %651, align 4
  %660 = load float, ptr %652, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %661 = load float, ptr %653, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %662 = load float, ptr %654, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %663 = load float, ptr %655, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %664 = load float, ptr %656, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %665 = load float, ptr %657, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %666 = load float, ptr %658, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %667 = insertelement <8 x float> %659, float %660, i64 1
  %668 = insertelement <8 x float> %667, float %661, i64 2
  %669 = insertelement <8 x float> %668, float %662, i64 3
  %670 = insertelement <8 x float> %669, float %663, i64 4
  %671 = insertelement <8 x float> %670, float %664, i64 5
  %672 = insertelement <8 x float> %671, float %665, i64 6
  %673 = insertelement <8 x float> %672, float %666, i64 7
  %674 = fadd <8 x float> %673, %broadcast.splat29
  %675 = fsub <8 x float> %674, %wide.load
  %676 = fcmp uge <8 x float> %675, splat (float -8.780000e+01)
  %677 = select <8 x i1> %676, <8 x float> %675, <8 x float> splat (float -8.780000e+01)
  %678 = fcmp ule <8 x float> %677, splat (float 8.880000e+01)
  %679 = select <8 x i1> %678, <8 x float> %677, <8 x float> splat (float 8.880000e+01)
  %exp_f32.i95 = fmul <8 x float> %679, splat (float f0x3FB8AA3B)
  %exp_f321.i96 = fadd <8 x float> splat (float 5.000000e-01), %exp_f32.i95
  %680 = call <8 x float> @llvm.floor.v8f32(<8 x float> %exp_f321.i96)
  %681 = fcmp uge <8 x float> %680, splat (float -1.270000e+02)
  %682 = select <8 x i1> %681, <8 x float> %680, <8 x float> splat (float -1.270000e+02)
  %683 = fcmp ule <8 x float> %682, splat (float 1.270000e+02)
  %684 = select <8 x i1> %683, <8 x float> %682, <8 x float> splat (float 1.270000e+02)
  %exp_f322.i97 = fmul <8 x float> splat (float f0x3F318000), %684
  %685 = fsub <8 x float> %679, %exp_f322.i97
  %exp_f323.i98 = fmul <8 x float> splat (float f0xB95E8083), %684
  %686 = fsub <8 x float> %685, %exp_f323.i98
  %exp_f324.i99 = fmul <8 x float> %686, splat (float f0x39506967)
  %exp_f325.i100 = fadd <8 x float> splat (float f0x3AB743CE), %exp_f324.i99
  %exp_f326.i101 = fmul <8 x float> %exp_f325.i100, %686
  %exp_f327.i102 = fadd <8 x float> splat (float f0x3C088908), %exp_f326.i101
  %exp_f328.i103 = fmul <8 x float> %exp_f327.i102, %686
  %exp_f329.i104 = fadd <8 x float> splat (float f0x3D2AA9C1), %exp_f328.i103
  %exp_f3210.i105 = fmul <8 x float> %exp_f329.i104, %686
  %exp_f3211.i106 = fadd <8 x float> splat (float f0x3E2AAAAA), %exp_f3210.i105
  %exp_f3212.i107 = fmul <8 x float> %exp_f3211.i106, %686
  %exp_f3213.i108 = fadd <8 x float> splat (float 5.000000e-01), %exp_f3212.i107
  %exp_f3214.i109 = fmul <8 x float> %686, %686
  %exp_f3215.i110 = fmul <8 x float> %exp_f3213.i108, %exp_f3214.i109
  %exp_f3216.i111 = fadd <8 x float> %686, %exp_f3215.i110
  %exp_f3217.i112 = fadd <8 x float> splat (float 1.000000e+00), %exp_f3216.i111
  %687 = fptosi <8 x float> %684 to <8 x i32>
  %688 = add <8 x i32> %687, splat (i32 127)
  %689 = shl <8 x i32> %688, splat (i32 23)
  %690 = bitcast <8 x i32> %689 to <8 x float>
  %exp_f3218.i113 = fmul <8 x float> %exp_f3217.i112, %690
  %691 = extractelement <8 x float> %exp_f3218.i113, i64 0
  %692 = extractelement <8 x float> %exp_f3218.i113, i64 1
  %693 = extractelement <8 x float> %exp_f3218.i113, i64 2
  %694 = extractelement <8 x float> %exp_f3218.i113, i64 3
  %695 = extractelement <8 x float> %exp_f3218.i113, i64 4
  %696 = extractelement <8 x float> %exp_f3218.i113, i64 5
  %697 = extractelement <8 x float> %exp_f3218.i113, i64 6
  %698 = extractelement <8 x float> %exp_f3218.i113, i64 7
  %699 = getelementptr inbounds nuw i8, ptr %7, i64 44
  %700 = getelementptr inbounds nuw i8, ptr %7, i64 108
  %701 = getelementptr inbounds nuw i8, ptr %7, i64 172
  %702 = getelementptr inbounds nuw i8, ptr %7, i64 236
  %703 = getelementptr inbounds nuw i8, ptr %7, i64 300
  %704 = getelementptr inbounds nuw i8, ptr %7, i64 364
  %705 = getelementptr inbounds nuw i8, ptr %7, i64 428
  %706 = getelementptr inbounds nuw i8, ptr %7, i64 492
  store float %691, ptr %699, align 4, !alias.scope !13, !noalias !19
  store float %692, ptr %700, align 4, !alias.scope !13, !noalias !19
  store float %693, ptr %701, align 4, !alias.scope !13, !noalias !19
  store float %694, ptr %702, align 4, !alias.scope !13, !noalias !19
  store float %695, ptr %703, align 4, !alias.scope !13, !noalias !19
  store float %696, ptr %704, align 4, !alias.scope !13, !noalias !19
  store float %697, ptr %705, align 4, !alias.scope !13, !noalias !19
  store float %698, ptr %706, align 4, !alias.scope !13, !noalias !19
  %707 = getelementptr inbounds nuw i8, ptr %5, i64 48
  %708 = getelementptr inbounds nuw i8, ptr %5, i64 112
  %709 = getelementptr inbounds nuw i8, ptr %5, i64 176
  %710 = getelementptr inbounds nuw i8, ptr %5, i64 240
  %711 = getelementptr inbounds nuw i8, ptr %5, i64 304
  %712 = getelementptr inbounds nuw i8, ptr %5, i64 368
  %713 = getelementptr inbounds nuw i8, ptr %5, i64 432
  %714 = getelementptr inbounds nuw i8, ptr %5, i64 496
  %715 = load <8 x float>, ptr %707, align 4
  %716 = load float, ptr %708, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %717 = load float, ptr %709, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %718 = load float, ptr %710, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %719 = load float, ptr %711, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %720 = load float, ptr %712, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %721 = load float, ptr %713, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %722 = load float, ptr %714, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %723 = insertelement <8 x float> %715, float %716, i64 1
  %724 = insertelement <8 x float> %723, float %717, i64 2
  %725 = insertelement <8 x float> %724, float %718, i64 3
  %726 = insertelement <8 x float> %725, float %719, i64 4
  %727 = insertelement <8 x float> %726, float %720, i64 5
  %728 = insertelement <8 x float> %727, float %721, i64 6
  %729 = insertelement <8 x float> %728, float %722, i64 7
  %730 = fadd <8 x float> %729, %broadcast.splat31
  %731 = fsub <8 x float> %730, %wide.load
  %732 = fcmp uge <8 x float> %731, splat (float -8.780000e+01)
  %733 = select <8 x i1> %732, <8 x float> %731, <8 x float> splat (float -8.780000e+01)
  %734 = fcmp ule <8 x float> %733, splat (float 8.880000e+01)
  %735 = select <8 x i1> %734, <8 x float> %733, <8 x float> splat (float 8.880000e+01)
  %exp_f32.i76 = fmul <8 x float> %735, splat (float f0x3FB8AA3B)
  %exp_f321.i77 = fadd <8 x float> splat (float 5.000000e-01), %exp_f32.i76
  %736 = call <8 x float> @llvm.floor.v8f32(<8 x float> %exp_f321.i77)
  %737 = fcmp uge <8 x float> %736, splat (float -1.270000e+02)
  %738 = select <8 x i1> %737, <8 x float> %736, <8 x float> splat (float -1.270000e+02)
  %739 = fcmp ule <8 x float> %738, splat (float 1.270000e+02)
  %740 = select <8 x i1> %739, <8 x float> %738, <8 x float> splat (float 1.270000e+02)
  %exp_f322.i78 = fmul <8 x float> splat (float f0x3F318000), %740
  %741 = fsub <8 x float> %735, %exp_f322.i78
  %exp_f323.i79 = fmul <8 x float> splat (float f0xB95E8083), %740
  %742 = fsub <8 x float> %741, %exp_f323.i79
  %exp_f324.i80 = fmul <8 x float> %742, splat (float f0x39506967)
  %exp_f325.i81 = fadd <8 x float> splat (float f0x3AB743CE), %exp_f324.i80
  %exp_f326.i82 = fmul <8 x float> %exp_f325.i81, %742
  %exp_f327.i83 = fadd <8 x float> splat (float f0x3C088908), %exp_f326.i82
  %exp_f328.i84 = fmul <8 x float> %exp_f327.i83, %742
  %exp_f329.i85 = fadd <8 x float> splat (float f0x3D2AA9C1), %exp_f328.i84
  %exp_f3210.i86 = fmul <8 x float> %exp_f329.i85, %742
  %exp_f3211.i87 = fadd <8 x float> splat (float f0x3E2AAAAA), %exp_f3210.i86
  %exp_f3212.i88 = fmul <8 x float> %exp_f3211.i87, %742
  %exp_f3213.i89 = fadd <8 x float> splat (float 5.000000e-01), %exp_f3212.i88
  %exp_f3214.i90 = fmul <8 x float> %742, %742
  %exp_f3215.i91 = fmul <8 x float> %exp_f3213.i89, %exp_f3214.i90
  %exp_f3216.i92 = fadd <8 x float> %742, %exp_f3215.i91
  %exp_f3217.i93 = fadd <8 x float> splat (float 1.000000e+00), %exp_f3216.i92
  %743 = fptosi <8 x float> %740 to <8 x i32>
  %744 = add <8 x i32> %743, splat (i32 127)
  %745 = shl <8 x i32> %744, splat (i32 23)
  %746 = bitcast <8 x i32> %745 to <8 x float>
  %exp_f3218.i94 = fmul <8 x float> %exp_f3217.i93, %746
  %747 = extractelement <8 x float> %exp_f3218.i94, i64 0
  %748 = extractelement <8 x float> %exp_f3218.i94, i64 1
  %749 = extractelement <8 x float> %exp_f3218.i94, i64 2
  %750 = extractelement <8 x float> %exp_f3218.i94, i64 3
  %751 = extractelement <8 x float> %exp_f3218.i94, i64 4
  %752 = extractelement <8 x float> %exp_f3218.i94, i64 5
  %753 = extractelement <8 x float> %exp_f3218.i94, i64 6
  %754 = extractelement <8 x float> %exp_f3218.i94, i64 7
  %755 = getelementptr inbounds nuw i8, ptr %7, i64 48
  %756 = getelementptr inbounds nuw i8, ptr %7, i64 112
  %757 = getelementptr inbounds nuw i8, ptr %7, i64 176
  %758 = getelementptr inbounds nuw i8, ptr %7, i64 240
  %759 = getelementptr inbounds nuw i8, ptr %7, i64 304
  %760 = getelementptr inbounds nuw i8, ptr %7, i64 368
  %761 = getelementptr inbounds nuw i8, ptr %7, i64 432
  %762 = getelementptr inbounds nuw i8, ptr %7, i64 496
  store float %747, ptr %755, align 4, !alias.scope !13, !noalias !19
  store float %748, ptr %756, align 4, !alias.scope !13, !noalias !19
  store float %749, ptr %757, align 4, !alias.scope !13, !noalias !19
  store float %750, ptr %758, align 4, !alias.scope !13, !noalias !19
  store float %751, ptr %759, align 4, !alias.scope !13, !noalias !19
  store float %752, ptr %760, align 4, !alias.scope !13, !noalias !19
  store float %753, ptr %761, align 4, !alias.scope !13, !noalias !19
  store float %754, ptr %762, align 4, !alias.scope !13, !noalias !19
  %763 = getelementptr inbounds nuw i8, ptr %5, i64 52
  %764 = getelementptr inbounds nuw i8, ptr %5, i64 116
  %765 = getelementptr inbounds nuw i8, ptr %5, i64 180
  %766 = getelementptr inbounds nuw i8, ptr %5, i64 244
  %767 = getelementptr inbounds nuw i8, ptr %5, i64 308
  %768 = getelementptr inbounds nuw i8, ptr %5, i64 372
  %769 = getelementptr inbounds nuw i8, ptr %5, i64 436
  %770 = getelementptr inbounds nuw i8, ptr %5, i64 500
  %771 = load <8 x float>, ptr %763, align 4
  %772 = load float, ptr %764, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %773 = load float, ptr %765, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %774 = load float, ptr %766, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %775 = load float, ptr %767, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %776 = load float, ptr %768, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %777 = load float, ptr %769, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %778 = load float, ptr %770, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %779 = insertelement <8 x float> %771, float %772, i64 1
  %780 = insertelement <8 x float> %779, float %773, i64 2
  %781 = insertelement <8 x float> %780, float %774, i64 3
  %782 = insertelement <8 x float> %781, float %775, i64 4
  %783 = insertelement <8 x float> %782, float %776, i64 5
  %784 = insertelement <8 x float> %783, float %777, i64 6
  %785 = insertelement <8 x float> %784, float %778, i64 7
  %786 = fadd <8 x float> %785, %broadcast.splat33
  %787 = fsub <8 x float> %786, %wide.load
  %788 = fcmp uge <8 x float> %787, splat (float -8.780000e+01)
  %789 = select <8 x i1> %788, <8 x float> %787, <8 x float> splat (float -8.780000e+01)
  %790 = fcmp ule <8 x float> %789, splat (float 8.880000e+01)
  %791 = select <8 x i1> %790, <8 x float> %789, <8 x float> splat (float 8.880000e+01)
  %exp_f32.i57 = fmul <8 x float> %791, splat (float f0x3FB8AA3B)
  %exp_f321.i58 = fadd <8 x float> splat (float 5.000000e-01), %exp_f32.i57
  %792 = call <8 x float> @llvm.floor.v8f32(<8 x float> %exp_f321.i58)
  %793 = fcmp uge <8 x float> %792, splat (float -1.270000e+02)
  %794 = select <8 x i1> %793, <8 x float> %792, <8 x float> splat (float -1.270000e+02)
  %795 = fcmp ule <8 x float> %794, splat (float 1.270000e+02)
  %796 = select <8 x i1> %795, <8 x float> %794, <8 x float> splat (float 1.270000e+02)
  %exp_f322.i59 = fmul <8 x float> splat (float f0x3F318000), %796
  %797 = fsub <8 x float> %791, %exp_f322.i59
  %exp_f323.i60 = fmul <8 x float> splat (float f0xB95E8083), %796
  %798 = fsub <8 x float> %797, %exp_f323.i60
  %exp_f324.i61 = fmul <8 x float> %798, splat (float f0x39506967)
  %exp_f325.i62 = fadd <8 x float> splat (float f0x3AB743CE), %exp_f324.i61
  %exp_f326.i63 = fmul <8 x float> %exp_f325.i62, %798
  %exp_f327.i64 = fadd <8 x float> splat (float f0x3C088908), %exp_f326.i63
  %exp_f328.i65 = fmul <8 x float> %exp_f327.i64, %798
  %exp_f329.i66 = fadd <8 x float> splat (float f0x3D2AA9C1), %exp_f328.i65
  %exp_f3210.i67 = fmul <8 x float> %exp_f329.i66, %798
  %exp_f3211.i68 = fadd <8 x float> splat (float f0x3E2AAAAA), %exp_f3210.i67
  %exp_f3212.i69 = fmul <8 x float> %exp_f3211.i68, %798
  %exp_f3213.i70 = fadd <8 x float> splat (float 5.000000e-01), %exp_f3212.i69
  %exp_f3214.i71 = fmul <8 x float> %798, %798
  %exp_f3215.i72 = fmul <8 x float> %exp_f3213.i70, %exp_f3214.i71
  %exp_f3216.i73 = fadd <8 x float> %798, %exp_f3215.i72
  %exp_f3217.i74 = fadd <8 x float> splat (float 1.000000e+00), %exp_f3216.i73
  %799 = fptosi <8 x float> %796 to <8 x i32>
  %800 = add <8 x i32> %799, splat (i32 127)
  %801 = shl <8 x i32> %800, splat (i32 23)
  %802 = bitcast <8 x i32> %801 to <8 x float>
  %exp_f3218.i75 = fmul <8 x float> %exp_f3217.i74, %802
  %803 = extractelement <8 x float> %exp_f3218.i75, i64 0
  %804 = extractelement <8 x float> %exp_f3218.i75, i64 1
  %805 = extractelement <8 x float> %exp_f3218.i75, i64 2
  %806 = extractelement <8 x float> %exp_f3218.i75, i64 3
  %807 = extractelement <8 x float> %exp_f3218.i75, i64 4
  %808 = extractelement <8 x float> %exp_f3218.i75, i64 5
  %809 = extractelement <8 x float> %exp_f3218.i75, i64 6
  %810 = extractelement <8 x float> %exp_f3218.i75, i64 7
  %811 = getelementptr inbounds nuw i8, ptr %7, i64 52
  %812 = getelementptr inbounds nuw i8, ptr %7, i64 116
  %813 = getelementptr inbounds nuw i8, ptr %7, i64 180
  %814 = getelementptr inbounds nuw i8, ptr %7, i64 244
  %815 = getelementptr inbounds nuw i8, ptr %7, i64 308
  %816 = getelementptr inbounds nuw i8, ptr %7, i64 372
  %817 = getelementptr inbounds nuw i8, ptr %7, i64 436
  %818 = getelementptr inbounds nuw i8, ptr %7, i64 500
  store float %803, ptr %811, align 4, !alias.scope !13, !noalias !19
  store float %804, ptr %812, align 4, !alias.scope !13, !noalias !19
  store float %805, ptr %813, align 4, !alias.scope !13, !noalias !19
  store float %806, ptr %814, align 4, !alias.scope !13, !noalias !19
  store float %807, ptr %815, align 4, !alias.scope !13, !noalias !19
  store float %808, ptr %816, align 4, !alias.scope !13, !noalias !19
  store float %809, ptr %817, align 4, !alias.scope !13, !noalias !19
  store float %810, ptr %818, align 4, !alias.scope !13, !noalias !19
  %819 = getelementptr inbounds nuw i8, ptr %5, i64 56
  %820 = getelementptr inbounds nuw i8, ptr %5, i64 120
  %821 = getelementptr inbounds nuw i8, ptr %5, i64 184
  %822 = getelementptr inbounds nuw i8, ptr %5, i64 248
  %823 = getelementptr inbounds nuw i8, ptr %5, i64 312
  %824 = getelementptr inbounds nuw i8, ptr %5, i64 376
  %825 = getelementptr inbounds nuw i8, ptr %5, i64 440
  %826 = getelementptr inbounds nuw i8, ptr %5, i64 504
  %827 = load <8 x float>, ptr %819, align 4
  %828 = load float, ptr %820, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %829 = load float, ptr %821, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %830 = load float, ptr %822, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %831 = load float, ptr %823, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %832 = load float, ptr %824, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %833 = load float, ptr %825, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %834 = load float, ptr %826, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %835 = insertelement <8 x float> %827, float %828, i64 1
  %836 = insertelement <8 x float> %835, float %829, i64 2
  %837 = insertelement <8 x float> %836, float %830, i64 3
  %838 = insertelement <8 x float> %837, float %831, i64 4
  %839 = insertelement <8 x float> %838, float %832, i64 5
  %840 = insertelement <8 x float> %839, float %833, i64 6
  %841 = insertelement <8 x float> %840, float %834, i64 7
  %842 = fadd <8 x float> %841, %broadcast.splat35
  %843 = fsub <8 x float> %842, %wide.load
  %844 = fcmp uge <8 x float> %843, splat (float -8.780000e+01)
  %845 = select <8 x i1> %844, <8 x float> %843, <8 x float> splat (float -8.780000e+01)
  %846 = fcmp ule <8 x float> %845, splat (float 8.880000e+01)
  %847 = select <8 x i1> %846, <8 x float> %845, <8 x float> splat (float 8.880000e+01)
  %exp_f32.i38 = fmul <8 x float> %847, splat (float f0x3FB8AA3B)
  %exp_f321.i39 = fadd <8 x float> splat (float 5.000000e-01), %exp_f32.i38
  %848 = call <8 x float> @llvm.floor.v8f32(<8 x float> %exp_f321.i39)
  %849 = fcmp uge <8 x float> %848, splat (float -1.270000e+02)
  %850 = select <8 x i1> %849, <8 x float> %848, <8 x float> splat (float -1.270000e+02)
  %851 = fcmp ule <8 x float> %850, splat (float 1.270000e+02)
  %852 = select <8 x i1> %851, <8 x float> %850, <8 x float> splat (float 1.270000e+02)
  %exp_f322.i40 = fmul <8 x float> splat (float f0x3F318000), %852
  %853 = fsub <8 x float> %847, %exp_f322.i40
  %exp_f323.i41 = fmul <8 x float> splat (float f0xB95E8083), %852
  %854 = fsub <8 x float> %853, %exp_f323.i41
  %exp_f324.i42 = fmul <8 x float> %854, splat (float f0x39506967)
  %exp_f325.i43 = fadd <8 x float> splat (float f0x3AB743CE), %exp_f324.i42
  %exp_f326.i44 = fmul <8 x float> %exp_f325.i43, %854
  %exp_f327.i45 = fadd <8 x float> splat (float f0x3C088908), %exp_f326.i44
  %exp_f328.i46 = fmul <8 x float> %exp_f327.i45, %854
  %exp_f329.i47 = fadd <8 x float> splat (float f0x3D2AA9C1), %exp_f328.i46
  %exp_f3210.i48 = fmul <8 x float> %exp_f329.i47, %854
  %exp_f3211.i49 = fadd <8 x float> splat (float f0x3E2AAAAA), %exp_f3210.i48
  %exp_f3212.i50 = fmul <8 x float> %exp_f3211.i49, %854
  %exp_f3213.i51 = fadd <8 x float> splat (float 5.000000e-01), %exp_f3212.i50
  %exp_f3214.i52 = fmul <8 x float> %854, %854
  %exp_f3215.i53 = fmul <8 x float> %exp_f3213.i51, %exp_f3214.i52
  %exp_f3216.i54 = fadd <8 x float> %854, %exp_f3215.i53
  %exp_f3217.i55 = fadd <8 x float> splat (float 1.000000e+00), %exp_f3216.i54
  %855 = fptosi <8 x float> %852 to <8 x i32>
  %856 = add <8 x i32> %855, splat (i32 127)
  %857 = shl <8 x i32> %856, splat (i32 23)
  %858 = bitcast <8 x i32> %857 to <8 x float>
  %exp_f3218.i56 = fmul <8 x float> %exp_f3217.i55, %858
  %859 = extractelement <8 x float> %exp_f3218.i56, i64 0
  %860 = extractelement <8 x float> %exp_f3218.i56, i64 1
  %861 = extractelement <8 x float> %exp_f3218.i56, i64 2
  %862 = extractelement <8 x float> %exp_f3218.i56, i64 3
  %863 = extractelement <8 x float> %exp_f3218.i56, i64 4
  %864 = extractelement <8 x float> %exp_f3218.i56, i64 5
  %865 = extractelement <8 x float> %exp_f3218.i56, i64 6
  %866 = extractelement <8 x float> %exp_f3218.i56, i64 7
  %867 = getelementptr inbounds nuw i8, ptr %7, i64 56
  %868 = getelementptr inbounds nuw i8, ptr %7, i64 120
  %869 = getelementptr inbounds nuw i8, ptr %7, i64 184
  %870 = getelementptr inbounds nuw i8, ptr %7, i64 248
  %871 = getelementptr inbounds nuw i8, ptr %7, i64 312
  %872 = getelementptr inbounds nuw i8, ptr %7, i64 376
  %873 = getelementptr inbounds nuw i8, ptr %7, i64 440
  %874 = getelementptr inbounds nuw i8, ptr %7, i64 504
  store float %859, ptr %867, align 4, !alias.scope !13, !noalias !19
  store float %860, ptr %868, align 4, !alias.scope !13, !noalias !19
  store float %861, ptr %869, align 4, !alias.scope !13, !noalias !19
  store float %862, ptr %870, align 4, !alias.scope !13, !noalias !19
  store float %863, ptr %871, align 4, !alias.scope !13, !noalias !19
  store float %864, ptr %872, align 4, !alias.scope !13, !noalias !19
  store float %865, ptr %873, align 4, !alias.scope !13, !noalias !19
  store float %866, ptr %874, align 4, !alias.scope !13, !noalias !19
  %875 = getelementptr inbounds nuw i8, ptr %5, i64 60
  %876 = getelementptr inbounds nuw i8, ptr %5, i64 124
  %877 = getelementptr inbounds nuw i8, ptr %5, i64 188
  %878 = getelementptr inbounds nuw i8, ptr %5, i64 252
  %879 = getelementptr inbounds nuw i8, ptr %5, i64 316
  %880 = getelementptr inbounds nuw i8, ptr %5, i64 380
  %881 = getelementptr inbounds nuw i8, ptr %5, i64 444
  %882 = getelementptr inbounds nuw i8, ptr %5, i64 508
  %883 = load <8 x float>, ptr %875, align 4
  %884 = load float, ptr %876, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %885 = load float, ptr %877, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %886 = load float, ptr %878, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %887 = load float, ptr %879, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %888 = load float, ptr %880, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %889 = load float, ptr %881, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %890 = load float, ptr %882, align 4, !invariant.load !3, !alias.scope !9, !noalias !18
  %891 = insertelement <8 x float> %883, float %884, i64 1
  %892 = insertelement <8 x float> %891, float %885, i64 2
  %893 = insertelement <8 x float> %892, float %886, i64 3
  %894 = insertelement <8 x float> %893, float %887, i64 4
  %895 = insertelement <8 x float> %894, float %888, i64 5
  %896 = insertelement <8 x float> %895, float %889, i64 6
  %897 = insertelement <8 x float> %896, float %890, i64 7
  %898 = fadd <8 x float> %897, %broadcast.splat37
  %899 = fsub <8 x float> %898, %wide.load
  %900 = fcmp uge <8 x float> %899, splat (float -8.780000e+01)
  %901 = select <8 x i1> %900, <8 x float> %899, <8 x float> splat (float -8.780000e+01)
  %902 = fcmp ule <8 x float> %901, splat (float 8.880000e+01)
  %903 = select <8 x i1> %902, <8 x float> %901, <8 x float> splat (float 8.880000e+01)
  %exp_f32.i = fmul <8 x float> %903, splat (float f0x3FB8AA3B)
  %exp_f321.i = fadd <8 x float> splat (float 5.000000e-01), %exp_f32.i
  %904 = call <8 x float> @llvm.floor.v8f32(<8 x float> %exp_f321.i)
  %905 = fcmp uge <8 x float> %904, splat (float -1.270000e+02)
  %906 = select <8 x i1> %905, <8 x float> %904, <8 x float> splat (float -1.270000e+02)
  %907 = fcmp ule <8 x float> %906, splat (float 1.270000e+02)
  %908 = select <8 x i1> %907, <8 x float> %906, <8 x float> splat (float 1.270000e+02)
  %exp_f322.i = fmul <8 x float> splat (float f0x3F318000), %908
  %909 = fsub <8 x float> %903, %exp_f322.i
  %exp_f323.i = fmul <8 x float> splat (float f0xB95E8083), %908
  %910 = fsub <8 x float> %909, %exp_f323.i
  %exp_f324.i = fmul <8 x float> %910, splat (float f0x39506967)
  %exp_f325.i = fadd <8 x float> splat (float f0x3AB743CE), %exp_f324.i
  %exp_f326.i = fmul <8 x float> %exp_f325.i, %910
  %exp_f327.i = fadd <8 x float> splat (float f0x3C088908), %exp_f326.i
  %exp_f328.i = fmul <8 x float> %exp_f327.i, %910
  %exp_f329.i = fadd <8 x float> splat (float f0x3D2AA9C1), %exp_f328.i
  %exp_f3210.i = fmul <8 x float> %exp_f329.i, %910
  %exp_f3211.i = fadd <8 x float> splat (float f0x3E2AAAAA), %exp_f3210.i
  %exp_f3212.i = fmul <8 x float> %exp_f3211.i, %910
  %exp_f3213.i = fadd <8 x float> splat (float 5.000000e-01), %exp_f3212.i
  %exp_f3214.i = fmul <8 x float> %910, %910
  %exp_f3215.i = fmul <8 x float> %exp_f3213.i, %exp_f3214.i
  %exp_f3216.i = fadd <8 x float> %910, %exp_f3215.i
  %exp_f3217.i = fadd <8 x float> splat (float 1.000000e+00), %exp_f3216.i
  %911 = fptosi <8 x float> %908 to <8 x i32>
  %912 = add <8 x i32> %911, splat (i32 127)
  %913 = shl <8 x i32> %912, splat (i32 23)
  %914 = bitcast <8 x i32> %913 to <8 x float>
  %exp_f3218.i = fmul <8 x float> %exp_f3217.i, %914
  %915 = extractelement <8 x float> %exp_f3218.i, i64 0
  %916 = extractelement <8 x float> %exp_f3218.i, i64 1
  %917 = extractelement <8 x float> %exp_f3218.i, i64 2
  %918 = extractelement <8 x float> %exp_f3218.i, i64 3
  %919 = extractelement <8 x float> %exp_f3218.i, i64 4
  %920 = extractelement <8 x float> %exp_f3218.i, i64 5
  %921 = extractelement <8 x float> %exp_f3218.i, i64 6
  %922 = extractelement <8 x float> %exp_f3218.i, i64 7
  %923 = getelementptr inbounds nuw i8, ptr %7, i64 60
  %924 = getelementptr inbounds nuw i8, ptr %7, i64 124
  %925 = getelementptr inbounds nuw i8, ptr %7, i64 188
  %926 = getelementptr inbounds nuw i8, ptr %7, i64 252
  %927 = getelementptr inbounds nuw i8, ptr %7, i64 316
  %928 = getelementptr inbounds nuw i8, ptr %7, i64 380
  %929 = getelementptr inbounds nuw i8, ptr %7, i64 444
  %930 = getelementptr inbounds nuw i8, ptr %7, i64 508
  store float %915, ptr %923, align 4, !alias.scope !13, !noalias !19
  store float %916, ptr %924, align 4, !alias.scope !13, !noalias !19
  store float %917, ptr %925, align 4, !alias.scope !13, !noalias !19
  store float %918, ptr %926, align 4, !alias.scope !13, !noalias !19
  store float %919, ptr %927, align 4, !alias.scope !13, !noalias !19
  store float %920, ptr %928, align 4, !alias.scope !13, !noalias !19
  store float %921, ptr %929, align 4, !alias.scope !13, !noalias !19
  store float %922, ptr %930, align 4, !alias.scope !13, !noalias !19
  ret ptr null
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: readwrite)
declare void @llvm.experimental.noalias.scope.decl(metadata) #1

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare <4 x float> @llvm.floor.v4f32(<4 x float>) #2

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare <8 x float> @llvm.floor.v8f32(<8 x float>) #2

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare <16 x float> @llvm.floor.v16f32(<16 x float>) #2

attributes #0 = { nofree norecurse nosync nounwind memory(readwrite, target_mem: none) uwtable "frame-pointer"="all" "prefer-vector-width"="256" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: readwrite) }
attributes #2 = { nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }

!llvm.module.flags = !{!0, !1}
!xla_cpu_memory_region_name = !{!2}

!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = !{i32 1, !"xla_dylib_index", i64 16}
!2 = !{!"xla_cpu_emitter__loop_fusion_kernel_emitter__hlo_opcode__fusion"}
!3 = !{}
!4 = !{i64 32}
!5 = !{i64 512}
!6 = !{!7}
!7 = distinct !{!7, !8, !"subtract_exponential_fusion_wrapped: argument 0"}
!8 = distinct !{!8, !"subtract_exponential_fusion_wrapped"}
!9 = !{!10}
!10 = distinct !{!10, !8, !"subtract_exponential_fusion_wrapped: argument 1"}
!11 = !{!12}
!12 = distinct !{!12, !8, !"subtract_exponential_fusion_wrapped: argument 2"}
!13 = !{!14}
!14 = distinct !{!14, !8, !"subtract_exponential_fusion_wrapped: argument 3"}
!15 = !{i64 64}
!16 = !{!7, !10, !14}
!17 = !{!10, !12, !14}
!18 = !{!7, !12, !14}
!19 = !{!7, !10, !12}
