#loc1 = loc("args[0]")
module @jit__broadcast_arrays attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<0xi32> loc("args[0]")) -> (tensor<0xi32> {jax.result_info = "result[0]"}) {
    return %arg0 : tensor<0xi32> loc(#loc4)
  } loc(#loc)
} loc(#loc)
#loc = loc(unknown)
#loc2 = loc("/work/main/tests/data/folders/programs/empty_batch.py":11:8 to :46)
#loc3 = loc("<module>"(#loc2))
#loc4 = loc("jit(_broadcast_arrays)"(#loc3))
