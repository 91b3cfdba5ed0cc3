// load/reader's number parse (load::parse_number): every double comes back bit for bit from its
// %.17g and its shortest text, the edges (subnormals, DBL_MAX, overflow, underflow, -0, leading
// zeros) read as the loader has always read them, the same texts accepted and refused as by
// std::from_chars (which the parse replaces: a WebAssembly build's C++ library has none for
// doubles), and all of it again with a comma as the C library's decimal point.
#include <catch2/catch.hpp>

#include <cfloat>
#include <charconv>
#include <clocale>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "load/load.hpp"
#include "load/reader.hpp"

namespace {

using load::Num;

std::uint64_t bits(double x) {
    std::uint64_t b = 0;
    std::memcpy(&b, &x, sizeof b);
    return b;
}

double from_bits(std::uint64_t b) {
    double x = 0;
    std::memcpy(&x, &b, sizeof x);
    return x;
}

Num parse(const std::string& text, double& out) { return load::parse_number(text, true, out); }

// A finite double from random bits: every exponent as likely, subnormals and ±0 included.
double random_double(std::mt19937_64& random) {
    for (;;) {
        const double x = from_bits(random());
        if (std::isfinite(x)) return x;
    }
}

// "%.17g" in the C locale's form (a point), whatever LC_NUMERIC is in force: written before any
// test changes it, or with the point put back.
std::string g17(double x) {
    char b[40];
    std::snprintf(b, sizeof b, "%.17g", x);
    std::string s = b;
    const char* point = std::localeconv()->decimal_point;
    if (std::strcmp(point, ".") != 0)
        if (const auto at = s.find(point); at != std::string::npos) s.replace(at, std::strlen(point), ".");
    return s;
}

// x as %.17g and, where the C++ library has them, as its shortest round-trip text (Ryu) in the
// general and the scientific form: each must read back as x.
std::vector<std::string> texts_of(double x) {
    std::vector<std::string> out{g17(x)};
#if defined(__cpp_lib_to_chars) && __cpp_lib_to_chars >= 201611L
    char b[40];
    out.emplace_back(b, std::to_chars(b, b + sizeof b, x).ptr);
    out.emplace_back(b, std::to_chars(b, b + sizeof b, x, std::chars_format::scientific).ptr);
#endif
    return out;
}

// The edges, each with what it must read as.
struct Edge {
    std::string text;
    Num num;
    double value = 0;  // when num is Ok
};

std::vector<Edge> edges() {
    const double min_sub = from_bits(1);
    const double max_sub = from_bits(0x000FFFFFFFFFFFFFull);
    return {
        {"4.9406564584124654e-324", Num::Ok, min_sub},   // the smallest subnormal
        {"5e-324", Num::Ok, min_sub},
        {"2.4703282292062328e-324", Num::Ok, min_sub},   // just over half of it: rounds up
        {"2.4703282292062327e-324", Num::Range, 0},      // just under: 0, so out of range as before
        {"1e-324", Num::Range, 0},
        {"1e-400", Num::Range, 0},
        {"-1e-400", Num::Range, 0},
        {"1e-99999999999999999999999", Num::Range, 0},
        {"2.2250738585072009e-308", Num::Ok, max_sub},   // the largest subnormal
        {"2.2250738585072014e-308", Num::Ok, DBL_MIN},
        {"1e308", Num::Ok, 1e308},
        {"-1e308", Num::Ok, -1e308},
        {"1.7976931348623157e308", Num::Ok, DBL_MAX},
        {"1.7976931348623158e+308", Num::Ok, DBL_MAX},   // rounds down to DBL_MAX
        {"1.7976931348623159e308", Num::Range, 0},       // rounds up past it
        {"1e309", Num::Range, 0},
        {"-1e309", Num::Range, 0},
        {"1" + std::string(400, '0'), Num::Range, 0},
        {"1e99999999999999999999999", Num::Range, 0},
        {"0e99999999999999999999999", Num::Ok, 0},
        {"0." + std::string(400, '0') + "1e400", Num::Ok, 0.1},
        {"0", Num::Ok, 0},
        {"-0", Num::Ok, -0.0},
        {"-0.0", Num::Ok, -0.0},
        {"-0e-5", Num::Ok, -0.0},
        {"+0", Num::Ok, 0},
        {"007", Num::Ok, 7},
        {"+007.50", Num::Ok, 7.5},
        {"-00.5e-0003", Num::Ok, -0.0005},
        {"1.", Num::Ok, 1},
        {".5", Num::Ok, 0.5},
        {"-.5", Num::Ok, -0.5},
        {"5.e3", Num::Ok, 5000},
        {"1E+05", Num::Ok, 1e5},
        {"0.1", Num::Ok, 0.1},
        {"0.3", Num::Ok, 0.3},
        {"123456789012345678901234567890", Num::Ok, 1.2345678901234568e29},
        // Correct rounding beyond 17 digits: 2^53 + 1 is halfway (ties to even), a hair more is not;
        // likewise 1 + 2^-53.
        {"9007199254740993", Num::Ok, 9007199254740992.0},
        {"9007199254740993.00000000000000000000000001", Num::Ok, 9007199254740994.0},
        {"1.00000000000000011102230246251565404236316680908203125", Num::Ok, 1.0},
        {"1.000000000000000111022302462515654042363166809082031250000000001", Num::Ok, 1.0000000000000002},
        // Refused as before.
        {"", Num::NotNumber},
        {".", Num::NotNumber},
        {"-", Num::NotNumber},
        {"+", Num::NotNumber},
        {"-.", Num::NotNumber},
        {"e5", Num::NotNumber},
        {"1e", Num::NotNumber},
        {"1e+", Num::NotNumber},
        {"1.2.3", Num::NotNumber},
        {"1e5.0", Num::NotNumber},
        {"++1", Num::NotNumber},
        {"--1", Num::NotNumber},
        {" 1", Num::NotNumber},
        {"1 ", Num::NotNumber},
        {"0x1p3", Num::NotNumber},
        {"1_000", Num::NotNumber},
        {"1,5", Num::NotNumber},  // a comma is never a decimal point in a deck, whatever the locale
        {"٣", Num::NotNumber},
        // YAML's words.
        {".nan", Num::NaN},
        {"NaN", Num::NaN},
        {".inf", Num::PosInf},
        {"+.INF", Num::PosInf},
        {"Infinity", Num::PosInf},
        {"-.inf", Num::NegInf},
        {"-infinity", Num::NegInf},
    };
}

void check_edges() {
    for (const Edge& e : edges()) {
        INFO("'" << e.text << "'");
        double x = 12345;
        const Num num = parse(e.text, x);
        REQUIRE(static_cast<int>(num) == static_cast<int>(e.num));
        if (num == Num::Ok) CHECK(bits(x) == bits(e.value));
        else CHECK(x == 12345);  // written only when it is a number
    }
    // Quoted text is a string, never a number.
    double x = 0;
    CHECK(load::parse_number("1", false, x) == Num::NotNumber);
}

// Random doubles, written every way, read back exactly.
void check_round_trips(std::uint64_t seed, int count) {
    std::mt19937_64 random(seed);
    std::uniform_real_distribution<double> scene_like(-10.0, 10.0);
    for (int i = 0; i < count; ++i) {
        // Every exponent alike, or the numbers a scene holds.
        const double x = i % 2 ? random_double(random) : scene_like(random);
        for (const std::string& text : texts_of(x)) {
            double y = 0;
            INFO(text);
            REQUIRE(parse(text, y) == Num::Ok);
            REQUIRE(bits(y) == bits(x));
        }
    }
}

// A comma as the decimal point: a locale installed on the machine, or one localedef makes in
// the test's output folder (LOCPATH). Empty when neither is possible.
std::string comma_locale() {
    const char* names[] = {"de_DE.UTF-8", "de_DE.utf8", "fr_FR.UTF-8", "fr_FR.utf8", "nl_NL.UTF-8", "ru_RU.UTF-8", "de_DE"};
    auto comma = [](const char* name) {
        const char* was = std::setlocale(LC_NUMERIC, nullptr);
        const std::string before = was ? was : "C";
        const bool ok = std::setlocale(LC_NUMERIC, name) && std::strcmp(std::localeconv()->decimal_point, ",") == 0;
        std::setlocale(LC_NUMERIC, before.c_str());
        return ok;
    };
    for (const char* name : names)
        if (comma(name)) return name;
    const std::filesystem::path folder = std::filesystem::path(ATTNLAB_TEST_OUTPUT) / "locales";
    const std::filesystem::path made = folder / "de_DE.UTF-8";
    if (!std::filesystem::exists(made / "LC_NUMERIC") && std::filesystem::exists("/usr/share/i18n/locales/de_DE")) {
        std::filesystem::create_directories(folder);
        const std::string command = "localedef -i de_DE -f UTF-8 '" + made.string() + "' >/dev/null 2>&1";
        (void)std::system(command.c_str());  // judged below, by whether the locale then loads
    }
    setenv("LOCPATH", folder.c_str(), 1);  // glibc reads it at every setlocale
    if (comma("de_DE.UTF-8")) return "de_DE.UTF-8";
    unsetenv("LOCPATH");
    return "";
}

// LC_NUMERIC set for a scope.
struct NumericLocale {
    std::string before;
    explicit NumericLocale(const std::string& name) {
        const char* was = std::setlocale(LC_NUMERIC, nullptr);
        before = was ? was : "C";
        REQUIRE(std::setlocale(LC_NUMERIC, name.c_str()) != nullptr);
    }
    ~NumericLocale() { std::setlocale(LC_NUMERIC, before.c_str()); }
    NumericLocale(const NumericLocale&) = delete;
    NumericLocale& operator=(const NumericLocale&) = delete;
};

}  // namespace

TEST_CASE("every double reads back bit for bit from its %.17g and its shortest text", "[load][numbers]") {
    check_round_trips(26, 200'000);
    // And the ones a scene writes: a few decimals, read as the nearest double (the same as the
    // compiler's literal, which is correctly rounded too).
    CHECK(bits([] { double x = 0; parse("0.15", x); return x; }()) == bits(0.15));
    CHECK(bits([] { double x = 0; parse("-1.3", x); return x; }()) == bits(-1.3));
}

TEST_CASE("the number edges: subnormals, DBL_MAX, overflow and underflow out of range, -0, leading zeros", "[load][numbers]") {
    check_edges();
}

#if defined(__cpp_lib_to_chars) && __cpp_lib_to_chars >= 201611L
// The parse as it was, with std::from_chars: the reference for what is accepted and refused.
Num from_chars_parse(std::string_view s, bool plain, double& out) {
    if (!plain || s.empty()) return Num::NotNumber;
    const bool word = s.find_first_not_of("0123456789+-.eE") != std::string_view::npos;
    std::string l;
    if (word && s.size() <= 10)
        for (char c : s) l += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (l == ".nan" || l == "nan") return Num::NaN;
    if (l == ".inf" || l == "+.inf" || l == "inf" || l == "+inf" || l == "infinity" || l == "+infinity")
        return Num::PosInf;
    if (l == "-.inf" || l == "-inf" || l == "-infinity") return Num::NegInf;
    const char* first = s.data();
    const char* last = s.data() + s.size();
    if (*first == '+') ++first;
    if (first == last || !(std::isdigit(static_cast<unsigned char>(*first)) || *first == '-' || *first == '.'))
        return Num::NotNumber;
    double x = 0;
    auto [ptr, ec] = std::from_chars(first, last, x, std::chars_format::general);
    if (ptr != last) return Num::NotNumber;
    if (ec == std::errc::result_out_of_range) return Num::Range;
    if (ec != std::errc()) return Num::NotNumber;
    out = x;
    return Num::Ok;
}

void check_same_as_from_chars(const std::string& text) {
    double a = 0, b = 0;
    const Num mine = parse(text, a);
    const Num reference = from_chars_parse(text, true, b);
    INFO("'" << text << "'");
    REQUIRE(static_cast<int>(mine) == static_cast<int>(reference));
    if (mine != Num::Ok) return;
    if (std::isnan(b)) REQUIRE((std::isnan(a) && std::signbit(a) == std::signbit(b)));
    else REQUIRE(bits(a) == bits(b));
}

TEST_CASE("the parse accepts and refuses exactly what std::from_chars did, with the same value", "[load][numbers]") {
    for (const Edge& e : edges()) check_same_as_from_chars(e.text);
    // Forms only a sign after '+' reaches: today's reading kept ("+-1" is -1, "+-nan" a NaN).
    for (const char* text : {"+-1", "+-.5", "+-inf", "+-Infinity", "-nan", "+-nan", "-NaN(x_1)", "-nan()", "-nan(",
                             "-nan(()", "-nan(a)b", "-infx", "-infinit", "-.nan", "-e", "-1e-", "+.", "+.e1"})
        check_same_as_from_chars(text);
    // Random texts of the characters that matter, and of a few that do not.
    std::mt19937_64 random(2026);
    const std::string common = "0123456789.eE+-";
    const std::string rare = "0123456789.eE+-infatyINFAN()_x ,";
    for (int i = 0; i < 300'000; ++i) {
        const std::string& alphabet = i % 4 == 0 ? rare : common;
        const std::size_t length = 1 + random() % 14;
        std::string text;
        for (std::size_t j = 0; j < length; ++j) text += alphabet[random() % alphabet.size()];
        check_same_as_from_chars(text);
    }
    // Long significands and exponents near the ends of the range.
    for (int i = 0; i < 20'000; ++i) {
        std::string text = (random() % 2 ? "-" : "");
        const std::size_t digits = 1 + random() % 60;
        const std::size_t point = random() % (digits + 1);
        for (std::size_t j = 0; j < digits; ++j) {
            if (j == point) text += '.';
            text += static_cast<char>('0' + random() % 10);
        }
        text += "e" + std::to_string(static_cast<int>(random() % 800) - 400);
        check_same_as_from_chars(text);
    }
}
#endif

TEST_CASE("numbers read the same with a comma as the C library's decimal point (LC_NUMERIC)", "[load][numbers][locale]") {
    const std::string name = comma_locale();
    if (name.empty()) {
        WARN("SKIPPED: no locale with a comma as its decimal point is installed here, and localedef could not make "
             "de_DE.UTF-8 (Debian: the locales package); the parse was not checked under one");
        return;
    }
    // The texts, written in the C locale first (printf follows LC_NUMERIC).
    std::mt19937_64 random(27);
    std::vector<std::pair<double, std::string>> written;
    for (int i = 0; i < 50'000; ++i) {
        const double x = random_double(random);
        written.emplace_back(x, g17(x));
    }
    NumericLocale comma(name);
    INFO("LC_NUMERIC=" << name);
    // The locale is in force, and it would break a parse that left the point to the C library.
    REQUIRE(std::strcmp(std::localeconv()->decimal_point, ",") == 0);
    REQUIRE(std::strtod("0.5", nullptr) == 0.0);
    for (const auto& [x, text] : written) {
        double y = 0;
        INFO(text);
        REQUIRE(parse(text, y) == Num::Ok);
        REQUIRE(bits(y) == bits(x));
    }
    check_edges();
    // And through the loader: a scene's numbers.
    const load::Result r = load::load_text(
        "scene: comma\ntokens: [a, b]\nq: [[0.5, -1.25], [1e-3, 2.5e2]]\nk: [[1, 0], [0, 1]]\nv: [[0.1, 0.2], [0.3, 0.4]]\n",
        "comma.yaml", ".", load::Options{});
    REQUIRE(r.ok());
    const auto& q = r.deck.slides.at(0).scene->heads[0].q;
    CHECK(q[0][0] == 0.5);
    CHECK(q[0][1] == -1.25);
    CHECK(q[1][0] == 0.001);
    CHECK(q[1][1] == 250.0);
    CHECK(r.deck.slides.at(0).scene->heads[0].v[1][1] == 0.4);
}
