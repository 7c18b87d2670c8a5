// Names that look alike count as one name. The skeleton of a name is NFKC
// with case folding, then ICU's confusable skeleton (Unicode TS #39), folded
// again: "alice", "ALICE", full-width "ａｌｉｃｅ", mathematical bold
// "𝐚𝐥𝐢𝐜𝐞" and "аlice" with a Cyrillic а share one, and so do "rn" and "m",
// "0" and "o", "1", "I" and "l". Accounts keep it unique.
//
// A new name must also pass the spoofing checks: no default-ignorable code
// point (the Hangul fillers, variation selectors, the combining grapheme
// joiner and the like, which show as nothing), no mixture of scripts that
// ICU's moderately restrictive level flags (Latin with Cyrillic or Greek),
// no digits of two systems and no stacked invisible marks. Han, kana and
// Hangul, alone or with Latin, pass.
//
// Both take a name check_name() accepted (NFC). ICU's checker is opened once
// and only read afterwards, which ICU allows from any thread.
#pragma once

#include <string>
#include <string_view>

#include "accounts/account_error.hpp"

namespace yunzi::accounts {

AccountResult<std::string> name_skeleton(std::string_view nfc_name);

// bad_request with the reason when the name could pass for another.
AccountResult<Done> check_not_spoofing(std::string_view nfc_name);

}  // namespace yunzi::accounts
