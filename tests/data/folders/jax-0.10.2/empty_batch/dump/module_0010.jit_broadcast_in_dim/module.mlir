#loc1 = loc("args[0]")
module @jit_broadcast_in_dim attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<0xi32> loc("args[0]")) -> (tensor<0x1xi32> {jax.result_info = "result"}) {
    %0 = stablehlo.broadcast_in_dim %arg0, dims = [0] : (tensor<0xi32>) -> tensor<0x1xi32> loc(#loc4)
    return %0 : tensor<0x1xi32> loc(#loc5)
  } loc(#loc)
} loc(#loc)
#loc = loc(unknown)
#loc2 = loc("/work/main/tests/data/folders/programs/empty_batch.py":11:8 to :46)
#loc3 = loc("<module>"(#loc2))
#loc4 = loc("jit(broadcast_in_dim)/broadcast_in_dim"(#loc3))
#loc5 = loc("jit(broadcast_in_dim)"(#loc3))
