//! The engine's run-time choice of a hot function's copy ([`sudolink_engine::isa`]), named
//! here for the searches' hot loops (B_p, ORk).
pub(crate) use sudolink_engine::isa::on_avx2;
