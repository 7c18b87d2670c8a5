// The web client's ES modules joined into one script at start, so a first
// visit fetches the code in one request instead of one per module (about
// fifty), which on a slow link is the difference between a page in seconds
// and one in many. The client's sources stay plain modules that run as they
// are (no build step); the server does the joining.
//
// The joining understands the module forms the client uses and nothing
// more: at the start of a line, `import { a, b as c } from "./x.js";`,
// `import * as x from "./x.js";`, `import "./x.js";`, and
// `export function|async function|const|class NAME`. Each module becomes a
// function scope evaluated once, in the order the browser would evaluate the
// modules (depth first, imports in source order), whose exports are
// returned as an object; an import becomes a `const` taken from that object
// on the same line, so line numbers inside each module are kept. Any other
// form (a default export, `export let`, `export { }`, an import cycle) is an
// error naming the file and line, and the site then serves the modules
// unbundled, which works the same, only slower.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "core/expected.hpp"

namespace yunzi::net {

struct BundleError {
  std::string file;      // relative to the site's root
  std::size_t line = 0;  // 1-based; 0 when the error concerns no one line
  std::string reason;
};

struct ModuleBundle {
  std::string entry;  // the module the bundle stands for, e.g. "js/main.js"
  std::string text;
  std::size_t modules = 0;  // how many modules it joins, the entry included
};

// The scripts of a site by path relative to its root ('/'-separated).
using ScriptSources = std::map<std::string, std::string>;

// The entry modules: scripts with at least one import that no other script
// imports. A page loads these; the rest are reached through them.
std::vector<std::string> module_entries(const ScriptSources& scripts);

// The entry and every module it reaches, joined into one module script.
Expected<ModuleBundle, BundleError> bundle_module(const ScriptSources& scripts, const std::string& entry);

}  // namespace yunzi::net
