#loc1 = loc("args[0]")
module @jit_convert_element_type attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<f32> loc("args[0]")) -> (tensor<f32> {jax.result_info = "result"}) {
    return %arg0 : tensor<f32> loc(#loc4)
  } loc(#loc)
} loc(#loc)
#loc = loc(unknown)
#loc2 = loc("/work/main/tests/data/folders/programs/empty_batch.py":11:8 to :25)
#loc3 = loc("<module>"(#loc2))
#loc4 = loc("jit(convert_element_type)"(#loc3))
