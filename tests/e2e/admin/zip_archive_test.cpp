// yunzi-admin's zip reader on archives the test writes byte by byte.
#include <catch2/catch.hpp>

#include "tests/e2e/admin/zip_writer.hpp"
#include "tools/yunzi-admin/zip_archive.hpp"

using namespace yunzi;
using namespace yunzi::admin_tests;
using yunzi::admin::read_zip;

namespace {

bool mentions(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("a zip archive's stored and deflated files are read back as they were", "[admin][zip]") {
  const std::string sgf = "(;FF[4]SZ[19]AB[da]AW[ca]PL[B]C[黑先杀])";
  const std::string big(100'000, 'x');
  const std::string archive = zip_archive({{"problems/", "", false},
                                           {"problems/one.sgf", sgf, false},
                                           {"problems/two.SGF", sgf + sgf, true},
                                           {"notes.txt", big, true}});
  REQUIRE(admin::looks_like_zip(archive));
  auto files = read_zip(archive);
  REQUIRE(files.has_value());
  REQUIRE(files->size() == 3);  // the folder is left out
  CHECK((*files)[0].name == "problems/one.sgf");
  CHECK((*files)[0].data == sgf);
  CHECK((*files)[1].data == sgf + sgf);
  CHECK((*files)[2].data == big);
  CHECK(archive.size() < big.size() / 10);  // the deflated file was really packed
}

TEST_CASE("damaged, encrypted and oversized archives are refused with the reason", "[admin][zip]") {
  const std::string sgf = "(;FF[4]SZ[19]AB[da]AW[ca]PL[B])";
  CHECK_FALSE(admin::looks_like_zip(sgf));
  CHECK(mentions(read_zip(sgf).error(), "no end of central directory"));

  const std::string archive = zip_archive({{"a.sgf", sgf, true}});
  CHECK(mentions(read_zip(archive.substr(0, archive.size() / 2)).error(), "no end of central directory"));

  ZipFile wrong_crc{"a.sgf", sgf, true};
  wrong_crc.stated_crc = 12345;
  CHECK(mentions(read_zip(zip_archive({wrong_crc})).error(), "CRC-32"));

  ZipFile encrypted{"a.sgf", sgf, false};
  encrypted.flags = 1;
  CHECK(mentions(read_zip(zip_archive({encrypted})).error(), "encrypted"));

  std::vector<ZipFile> many(30, ZipFile{"a.sgf", sgf, false});
  CHECK(mentions(read_zip(zip_archive(many), admin::ZipLimits{20, 1024, 4096}).error(), "more than 20 files"));
  CHECK(mentions(
      read_zip(zip_archive({{"big.sgf", std::string(2000, 'x'), true}}), admin::ZipLimits{20, 1024, 4096}).error(),
      "larger than 1024 bytes"));
}

TEST_CASE("a zip bomb stops at its stated size", "[admin][zip]") {
  // Ten megabytes of zeros deflate to a few kilobytes; the header claims a thousand bytes.
  ZipFile bomb{"bomb.sgf", std::string(10'000'000, '\0'), true};
  bomb.stated_size = 1000;
  auto read = read_zip(zip_archive({bomb}));
  REQUIRE_FALSE(read.has_value());
  INFO(read.error());
  CHECK(mentions(read.error(), "differs from the stated one"));
  // Claiming the true size runs into the limit before anything is unpacked.
  ZipFile honest{"bomb.sgf", std::string(10'000'000, '\0'), true};
  CHECK(mentions(read_zip(zip_archive({honest})).error(), "larger than"));
}
