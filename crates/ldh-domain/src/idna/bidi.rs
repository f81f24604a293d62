//! The Bidi rule of RFC 5893 §2 for one label, from the OR of its characters' Bidi
//! classes, the first character's class and the last class that is not NSM.

use super::props::class::{AL, AN, BN, CS, EN, ES, ET, L, NSM, ON, R};

/// What a label tells about the Bidi rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct BidiFacts {
    /// An RTL label (RFC 5893 §1.4: at least one R, AL or AN character): the name is a
    /// Bidi domain name.
    pub(crate) right_to_left: bool,
    /// All six conditions of RFC 5893 §2 hold.
    pub(crate) ok: bool,
}

/// Judges a label from `classes` (the OR of its class bits), `first` (the first
/// character's class bit) and `last_strong` (the class bit of the last character that
/// is not NSM, or 0).
pub(crate) const fn judge(classes: u16, first: u16, last_strong: u16) -> BidiFacts {
    let ok = if first & L != 0 {
        // Rule 5: only L, EN, ES, CS, ET, ON, BN, NSM; rule 6: ends in L or EN (then NSM).
        classes & !(L | EN | ES | CS | ET | ON | BN | NSM) == 0 && last_strong & (L | EN) != 0
    } else if first & (R | AL) != 0 {
        // Rule 2: only R, AL, AN, EN, ES, CS, ET, ON, BN, NSM; rule 3: ends in R, AL, EN or
        // AN (then NSM); rule 4: not both EN and AN.
        classes & !(R | AL | AN | EN | ES | CS | ET | ON | BN | NSM) == 0
            && last_strong & (R | AL | EN | AN) != 0
            && !(classes & EN != 0 && classes & AN != 0)
    } else {
        // Rule 1: the first character is L, R or AL.
        false
    };
    BidiFacts {
        right_to_left: classes & (R | AL | AN) != 0,
        ok,
    }
}

#[cfg(test)]
mod tests {
    use super::judge;
    use crate::idna::props::class::{AL, AN, EN, ES, L, NSM, ON, R};

    /// RFC 5893 §2, each rule broken once and kept once.
    #[test]
    fn rfc5893_section_2_rules() {
        // Rule 1: first character L, R or AL.
        assert!(!judge(EN | L, EN, L).ok);
        assert!(judge(L, L, L).ok);
        // Rule 2: no L in an RTL label.
        assert!(!judge(R | L, R, R).ok);
        assert!(judge(R | ON | R, R, R).ok);
        // Rule 3: an RTL label ends in R, AL, EN or AN, then NSM.
        assert!(!judge(AL | ON, AL, ON).ok);
        assert!(judge(AL | NSM, AL, AL).ok);
        assert!(judge(R | EN, R, EN).ok);
        // Rule 4: EN and AN not both.
        assert!(!judge(AL | EN | AN, AL, AN).ok);
        // Rule 5: no R, AL or AN in an LTR label.
        assert!(!judge(L | AN, L, L).ok);
        assert!(!judge(L | R, L, L).ok);
        assert!(judge(L | ES | EN, L, EN).ok);
        // Rule 6: an LTR label ends in L or EN, then NSM.
        assert!(!judge(L | ON, L, ON).ok);
        assert!(judge(L | NSM, L, L).ok);
        // RTL labels: R, AL or AN anywhere.
        assert!(judge(L | AN, L, L).right_to_left);
        assert!(!judge(L | EN, L, EN).right_to_left);
    }
}
