#loc1 = loc("x")
module @jit_relu attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8x16xf32> loc("x")) -> (tensor<8x16xf32> {jax.result_info = "result"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32> loc(#loc2)
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x16xf32> loc(#loc3)
    %1 = stablehlo.maximum %arg0, %0 : tensor<8x16xf32> loc(#loc3)
    return %1 : tensor<8x16xf32> loc(#loc2)
  } loc(#loc)
} loc(#loc)
#loc = loc(unknown)
#loc2 = loc("jit(relu)")
#loc3 = loc("jit(relu)/max")
