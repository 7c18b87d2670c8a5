// Names that look alike count as one name: the skeleton is NFKC with case folding, then ICU's confusable skeleton
// (Unicode TS #39), folded again, and accounts keep it unique. A new name must also pass ICU's spoofing checks at
// the moderately restrictive level (protocol/README.md, "register", lists what they refuse). Both take a name
// check_name() accepted (NFC) and may run on any thread: ICU's checker is opened once and only read afterwards.
#pragma once

#include <string>
#include <string_view>

#include "accounts/account_error.hpp"

namespace yunzi::accounts {

AccountResult<std::string> name_skeleton(std::string_view nfc_name);

// bad_request with the reason when the name could pass for another.
AccountResult<Done> check_not_spoofing(std::string_view nfc_name);

}  // namespace yunzi::accounts
