#loc1 = loc("args[0]")
module @jit_stage attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<i32> loc("args[0]")) -> (tensor<i32> {jax.result_info = "result"}) {
    return %arg0 : tensor<i32> loc(#loc4)
  } loc(#loc)
} loc(#loc)
#loc = loc(unknown)
#loc2 = loc("/work/main/tests/data/folders/programs/pairs_mlp.py":84:20 to :41)
#loc3 = loc("<module>"(#loc2))
#loc4 = loc("jit(stage)"(#loc3))
