#loc1 = loc("args[0]")
#loc2 = loc("args[1]")
module @jit_add attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<0xi32> loc("args[0]"), %arg1: tensor<i32> loc("args[1]")) -> (tensor<0xi32> {jax.result_info = "result"}) {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<i32>) -> tensor<0xi32> loc(#loc5)
    %1 = stablehlo.add %arg0, %0 : tensor<0xi32> loc(#loc5)
    return %1 : tensor<0xi32> loc(#loc6)
  } loc(#loc)
} loc(#loc)
#loc = loc(unknown)
#loc3 = loc("/work/main/tests/data/folders/programs/empty_batch.py":11:8 to :46)
#loc4 = loc("<module>"(#loc3))
#loc5 = loc("jit(add)/add"(#loc4))
#loc6 = loc("jit(add)"(#loc4))
