#loc1 = loc("args[0]")
#loc2 = loc("args[1]")
module @jit_add attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8x16xf32> loc("args[0]"), %arg1: tensor<8x16xf32> loc("args[1]")) -> (tensor<8x16xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.add %arg0, %arg1 : tensor<8x16xf32> loc(#loc7)
    return %0 : tensor<8x16xf32> loc(#loc6)
  } loc(#loc)
} loc(#loc)
#loc = loc(unknown)
#loc3 = loc("/work/main/tests/data/folders/programs/pairs_mlp.py":42:15 to :85)
#loc4 = loc("Block.__call__"(#loc3))
#loc5 = loc(callsite(#loc4 at #loc4))
#loc6 = loc("jit(add)"(#loc4))
#loc7 = loc("jit(add)/add"(#loc5))
