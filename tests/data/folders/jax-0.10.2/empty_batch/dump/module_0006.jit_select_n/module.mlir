#loc1 = loc("args[0]")
#loc2 = loc("args[1]")
#loc3 = loc("args[2]")
module @jit_select_n attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<0xi1> loc("args[0]"), %arg1: tensor<0xi32> loc("args[1]"), %arg2: tensor<0xi32> loc("args[2]")) -> (tensor<0xi32> {jax.result_info = "result"}) {
    %0 = stablehlo.select %arg0, %arg2, %arg1 : tensor<0xi1>, tensor<0xi32> loc(#loc6)
    return %0 : tensor<0xi32> loc(#loc7)
  } loc(#loc)
} loc(#loc)
#loc = loc(unknown)
#loc4 = loc("/work/main/tests/data/folders/programs/empty_batch.py":11:8 to :46)
#loc5 = loc("<module>"(#loc4))
#loc6 = loc("jit(select_n)/select_n"(#loc5))
#loc7 = loc("jit(select_n)"(#loc5))
