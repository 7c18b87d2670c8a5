// The web client's modules joined into one script, and gzip: the joining's
// order, scopes, kept line numbers and refusals; the real client in web/
// joined whole; gzip's framing and checksum read back with Beast's inflate.
#include <boost/beast/zlib/inflate_stream.hpp>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "server/net/gzip.hpp"
#include "server/net/module_bundle.hpp"
#include "server/net/static_files.hpp"

using namespace yunzi::net;

namespace {

std::size_t line_of(const std::string& text, const std::string& needle) {
  const auto at = text.find(needle);
  REQUIRE(at != std::string::npos);
  return static_cast<std::size_t>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
}

std::size_t position_of(const std::string& text, const std::string& needle) {
  const auto at = text.find(needle);
  REQUIRE(at != std::string::npos);
  return at;
}

ScriptSources small_client() {
  return {
      {"js/main.js",
       "// entry\n"
       "import { shout, quiet as hush } from \"./words.js\";\n"
       "import * as maths from './lib/maths.js';\n"
       "import \"./side_effect.js\";\n"
       "import {\n  first,\n  second,\n} from \"./lib/maths.js\";\n"
       "console.log(shout(hush(maths.twice(first + second))));\n"},
      {"js/words.js",
       "import { twice } from \"./lib/maths.js\";\n"
       "export function shout(text) { return `${text}!`; }\n"
       "export const quiet = (text) => String(twice(text)).toLowerCase();\n"},
      {"js/lib/maths.js",
       "export const first = 1;\n"
       "export const second = 2;\n"
       "export async function later() { return 3; }\n"
       "export class Counter {}\n"
       "export function twice(n) {\n  return 2 * n;\n}\n"},
      {"js/side_effect.js", "window.touched = true;\n"},
      {"js/classic.js", "document.title = 'no modules';\n"},
  };
}

std::string inflate_raw(std::string_view packed) {
  boost::beast::zlib::inflate_stream stream;
  std::string out(1 << 20, '\0');
  boost::beast::zlib::z_params params;
  params.next_in = packed.data();
  params.avail_in = packed.size();
  params.next_out = out.data();
  params.avail_out = out.size();
  boost::system::error_code ec;
  stream.write(params, boost::beast::zlib::Flush::finish, ec);
  CHECK((!ec || ec == boost::beast::zlib::error::end_of_stream));
  out.resize(params.total_out);
  return out;
}

std::uint32_t le32(std::string_view bytes) {
  std::uint32_t value = 0;
  for (int i = 3; i >= 0; --i) value = (value << 8) | static_cast<unsigned char>(bytes[static_cast<std::size_t>(i)]);
  return value;
}

}  // namespace

TEST_CASE("module bundle: entries are the importing scripts nobody imports", "[net][bundle]") {
  const auto entries = module_entries(small_client());
  CHECK(entries == std::vector<std::string>{"js/main.js"});
}

TEST_CASE("module bundle: modules in evaluation order, each in its scope, lines kept", "[net][bundle]") {
  const ScriptSources scripts = small_client();
  auto bundle = bundle_module(scripts, "js/main.js");
  REQUIRE(bundle);
  const std::string& text = bundle->text;
  CHECK(bundle->modules == 4);
  CHECK(text.find("classic.js") == std::string::npos);

  // Depth first in import order, each module after what it imports.
  CHECK(position_of(text, "// js/lib/maths.js") < position_of(text, "// js/words.js"));
  CHECK(position_of(text, "// js/words.js") < position_of(text, "// js/side_effect.js"));
  CHECK(position_of(text, "// js/side_effect.js") < position_of(text, "// js/main.js\n"));

  // Imports read the imported module's object; renames become patterns.
  CHECK(text.find("const { shout, quiet: hush } = yunzi_module_1;") != std::string::npos);
  CHECK(text.find("const maths = yunzi_module_0;") != std::string::npos);
  CHECK(text.find("const { first, second } = yunzi_module_0;") != std::string::npos);
  CHECK(text.find("import ") == std::string::npos);
  CHECK(text.find("export ") == std::string::npos);
  CHECK(text.find("return { first, second, later, Counter, twice };") != std::string::npos);
  CHECK(text.find("return { shout, quiet };") != std::string::npos);
  CHECK(text.find(" async function later()") != std::string::npos);

  // A line keeps its place relative to its module's first line, also after
  // an import list over four lines.
  const std::size_t main_start = line_of(text, "// js/main.js\n") + 2;
  CHECK(line_of(text, "console.log(shout(") - main_start == 8);
  const std::size_t maths_start = line_of(text, "// js/lib/maths.js") + 2;
  CHECK(line_of(text, "  return 2 * n;") - maths_start == 5);
}

TEST_CASE("module bundle: forms it does not join are refused with their place", "[net][bundle]") {
  struct Case {
    std::string source;
    std::string reason;
  };
  const std::vector<Case> cases = {
      {"import value from \"./words.js\";\n", "only named"},
      {"import { shout } from \"words\";\n", "not a path inside the site"},
      {"import { shout } from \"../../outside.js\";\n", "not a path inside the site"},
      {"import { shout } from \"./missing.js\";\n", "no script js/missing.js"},
      {"import { shout } from \"./words.js\"; console.log(1);\n", "ends its last line"},
      {"import { 1shout } from \"./words.js\";\n", "import list"},
      {"let a = 1;\nexport default a;\n", "only `export function"},
      {"let a = 1;\nexport { a };\n", "only `export function"},
      {"export let a = 1;\n", "only `export function"},
      {"export const { a, b } = { a: 1, b: 2 };\n", "one binding"},
  };
  for (const Case& c : cases) {
    ScriptSources scripts = small_client();
    scripts["js/main.js"] = "import { twice } from \"./lib/maths.js\";\n" + c.source;
    auto bundle = bundle_module(scripts, "js/main.js");
    INFO(c.source);
    REQUIRE_FALSE(bundle);
    CHECK(bundle.error().reason.find(c.reason) != std::string::npos);
    CHECK(bundle.error().file == "js/main.js");
    CHECK(bundle.error().line >= 1);
  }

  ScriptSources cycle = small_client();
  cycle["js/lib/maths.js"] = "import { shout } from \"../words.js\";\nexport const first = 1;\n";
  auto refused = bundle_module(cycle, "js/main.js");
  REQUIRE_FALSE(refused);
  CHECK(refused.error().reason == "an import cycle through js/words.js");
  CHECK(refused.error().file == "js/lib/maths.js");
  CHECK(refused.error().line == 1);

  // Expressions that start like statements are left as they are.
  ScriptSources dynamic = small_client();
  dynamic["js/side_effect.js"] = "import(\"./late.js\").then(() => {});\nconsole.log(import.meta.url);\n";
  auto joined = bundle_module(dynamic, "js/main.js");
  REQUIRE(joined);
  CHECK(joined->text.find("import(\"./late.js\")") != std::string::npos);
}

TEST_CASE("module bundle: the web client joins whole and is served in place of its entry", "[net][bundle]") {
  const StaticSite site = StaticSite::load("web");
  CHECK(site.bundle_errors().empty());
  CHECK(site.bundled() == std::vector<std::string>{"js/main.js"});
  auto main = site.find("/js/main.js");
  REQUIRE(main);
  std::size_t modules = 0;
  for (const auto& entry : std::filesystem::directory_iterator("web/js")) {
    const std::string name = entry.path().filename().string();
    if (name == "theme_early.js") {
      CHECK((*main)->body->find("// js/" + name + "\n") == std::string::npos);  // a classic script of its own
      continue;
    }
    ++modules;
    CHECK((*main)->body->find("// js/" + name + "\n") != std::string::npos);
  }
  CHECK(modules > 40);
  // The other modules are still served as they are, for whoever asks.
  auto dom = site.find("/js/dom.js");
  REQUIRE(dom);
  CHECK((*dom)->body->find("export function") != std::string::npos);
  REQUIRE((*main)->gzip_body);
  CHECK((*main)->gzip_body->size() * 3 < (*main)->body->size());
  CHECK((*main)->gzip_etag != (*main)->etag);
}

TEST_CASE("gzip: header, deflate and trailer a reader accepts", "[net][gzip]") {
  CHECK(crc32("123456789") == 0xCBF43926u);  // the standard check value
  CHECK(crc32("") == 0u);
  std::string body;
  for (int i = 0; i < 2000; ++i) body += "move " + std::to_string(i % 37) + " at q16\n";
  for (const std::string& input : {body, std::string(), std::string("x")}) {
    const std::string packed = gzip(input);
    REQUIRE(packed.size() >= 18);
    CHECK(static_cast<unsigned char>(packed[0]) == 0x1f);
    CHECK(static_cast<unsigned char>(packed[1]) == 0x8b);
    CHECK(packed[2] == 8);
    const std::string_view deflated(packed.data() + 10, packed.size() - 18);
    CHECK(inflate_raw(deflated) == input);
    CHECK(le32(std::string_view(packed).substr(packed.size() - 8, 4)) == crc32(input));
    CHECK(le32(std::string_view(packed).substr(packed.size() - 4, 4)) == input.size());
  }
  CHECK(gzip(body).size() * 10 < body.size());
}

TEST_CASE("gzip: Accept-Encoding read with its weights", "[net][gzip]") {
  CHECK(accepts_gzip("gzip"));
  CHECK(accepts_gzip("gzip, deflate, br"));
  CHECK(accepts_gzip("br;q=1.0, GZIP;q=0.5"));
  CHECK(accepts_gzip("x-gzip"));
  CHECK(accepts_gzip("*"));
  CHECK(accepts_gzip("identity, *;q=0.1"));
  CHECK_FALSE(accepts_gzip(""));
  CHECK_FALSE(accepts_gzip("identity"));
  CHECK_FALSE(accepts_gzip("deflate, br"));
  CHECK_FALSE(accepts_gzip("gzip;q=0"));
  CHECK_FALSE(accepts_gzip("gzip;q=0.000, *"));
  CHECK_FALSE(accepts_gzip("*;q=0"));
  CHECK_FALSE(accepts_gzip("gzipped"));
}
