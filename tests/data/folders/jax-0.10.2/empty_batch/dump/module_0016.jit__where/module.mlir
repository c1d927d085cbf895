#loc1 = loc("x")
module @jit__where attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<0x16xf32> loc("x")) -> (tensor<0x16xf32> {jax.result_info = "result"}) {
    return %arg0 : tensor<0x16xf32> loc(#loc4)
  } loc(#loc)
} loc(#loc)
#loc = loc(unknown)
#loc2 = loc("/work/main/tests/data/folders/programs/empty_batch.py":12:8 to :40)
#loc3 = loc("<module>"(#loc2))
#loc4 = loc("jit(_where)"(#loc3))
