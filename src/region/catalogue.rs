//! The region catalogue: the macro that declares each region enum with its
//! spec ID, seeds, reachability, kind and kept vertices, and the lookups the
//! spec, the traces and the tools use (every region, by spec ID, by Rust
//! path). The loop needs only [`Region::kind`](super::Region::kind).

use std::fmt;

use super::{Line2Region, Line3Region, PointRegion, Region, Tet3Region, Tri2Region, Tri3Region};

macro_rules! region_enum {
    (
        $(#[$meta:meta])*
        $name:ident {
            $(
                $(#[doc = $doc:literal])*
                $var:ident => $id:literal, seeds $seeds:literal, reachable $reach:literal, kind $kind:ident, keeps $keeps:literal;
            )*
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $name {
            $(
                $(#[doc = $doc])*
                #[doc = ""]
                #[doc = concat!("Spec ID `", $id, "`; seeds: ", $seeds, "; kept: `", $keeps, "`.")]
                $var,
            )*
        }

        impl $name {
            /// Every variant, in spec order.
            pub const ALL: &'static [$name] = &[$($name::$var),*];

            /// The spec ID (`spec/regions.toml`, `spec/README.md`).
            pub fn spec_id(self) -> &'static str {
                match self { $($name::$var => $id),* }
            }

            /// The seed files that document this case (by number, `000`–`004`,
            /// or `crate` for cases only this crate names).
            pub fn seeds(self) -> &'static str {
                match self { $($name::$var => $seeds),* }
            }

            /// Whether the GJK loop can reach this region in exact arithmetic.
            pub fn reachable(self) -> bool {
                match self { $($name::$var => $reach),* }
            }

            /// What the region means for the loop.
            pub fn kind(self) -> RegionKind {
                match self { $($name::$var => RegionKind::$kind),* }
            }

            /// The vertices kept, by letter (`"AB"`; `"ACB"` where the 3D
            /// winding rule may swap; `"*"` for all).
            pub fn keeps(self) -> &'static str {
                match self { $($name::$var => $keeps),* }
            }
        }
    };
}

macro_rules! dispatch {
    ($self:ident, $r:ident => $e:expr) => {
        match $self {
            Region::Point($r) => $e,
            Region::Line2($r) => $e,
            Region::Tri2($r) => $e,
            Region::Line3($r) => $e,
            Region::Tri3($r) => $e,
            Region::Tet3($r) => $e,
        }
    };
}

impl Region {
    /// Every region case, in spec order.
    pub fn all() -> impl Iterator<Item = Region> {
        PointRegion::ALL
            .iter()
            .map(|&r| Region::Point(r))
            .chain(Line2Region::ALL.iter().map(|&r| Region::Line2(r)))
            .chain(Tri2Region::ALL.iter().map(|&r| Region::Tri2(r)))
            .chain(Line3Region::ALL.iter().map(|&r| Region::Line3(r)))
            .chain(Tri3Region::ALL.iter().map(|&r| Region::Tri3(r)))
            .chain(Tet3Region::ALL.iter().map(|&r| Region::Tet3(r)))
    }

    /// The region with this spec ID.
    pub fn from_spec_id(id: &str) -> Option<Region> {
        Region::all().find(|r| r.spec_id() == id)
    }

    /// The spec ID.
    pub fn spec_id(self) -> &'static str {
        dispatch!(self, r => r.spec_id())
    }

    /// The seeds that document it.
    pub fn seeds(self) -> &'static str {
        dispatch!(self, r => r.seeds())
    }

    /// Whether the loop can reach it in exact arithmetic.
    pub fn reachable(self) -> bool {
        dispatch!(self, r => r.reachable())
    }

    /// The kept vertices, by letter.
    pub fn keeps(self) -> &'static str {
        dispatch!(self, r => r.keeps())
    }

    /// The Rust path of the variant, as the spec table names it
    /// (`Tri2Region::R4`).
    pub fn variant_path(self) -> String {
        let (ty, v) = match self {
            Region::Point(r) => ("PointRegion", format!("{r:?}")),
            Region::Line2(r) => ("Line2Region", format!("{r:?}")),
            Region::Tri2(r) => ("Tri2Region", format!("{r:?}")),
            Region::Line3(r) => ("Line3Region", format!("{r:?}")),
            Region::Tri3(r) => ("Tri3Region", format!("{r:?}")),
            Region::Tet3(r) => ("Tet3Region", format!("{r:?}")),
        };
        format!("{ty}::{v}")
    }
}

impl fmt::Display for Region {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.spec_id())
    }
}
