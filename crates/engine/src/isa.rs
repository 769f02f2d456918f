//! The run-time choice of a hot function's copy: the build targets the baseline x86-64 (it
//! runs on every such CPU); on a CPU with AVX2 (four set words in one register), BMI1,
//! BMI2, LZCNT and POPCNT, a search's entry point runs a `#[target_feature]` twin of itself
//! instead, its body inlined into both copies, as ripgrep and memchr choose their SIMD
//! routines. Both copies are the same source, so their answers are the same.

/// Whether this CPU runs the AVX2 copies of the hot functions: AVX2, BMI1, BMI2, LZCNT and
/// POPCNT (std caches the answer: a load and a test).
#[inline]
pub fn avx2() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::is_x86_feature_detected!("avx2")
            && std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2")
            && std::is_x86_feature_detected!("lzcnt")
            && std::is_x86_feature_detected!("popcnt")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// Runs `$fast` (a `#[target_feature]` copy, x86-64 only) when [`avx2`] says the CPU has
/// its features, and returns its value; else goes on to the code after it (the baseline
/// copy). Used by the engine's solver and the searches' hottest loops.
#[doc(hidden)]
#[macro_export]
macro_rules! __on_avx2 {
    ($fast:expr) => {
        #[cfg(target_arch = "x86_64")]
        if $crate::isa::avx2() {
            // SAFETY: the CPU has every feature the copy is compiled with (just asked).
            return unsafe { $fast };
        }
    };
}
pub use __on_avx2 as on_avx2;
