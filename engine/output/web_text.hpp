// output (internal): the web page's text in each of its contexts — HTML text and attributes
// (xml_escape), JSON inside a script element (json_in_script), a script inside one
// (script_safe), a name in a URL's path (url_segment) — and the bytes of the single file (base64
// of gzip). Knows no page and no deck: site.cpp writes the page with these. Not included outside
// engine/output/.
#pragma once

#include <string>
#include <string_view>

namespace output {

// '&', '<', '>' and '"' as entities: text of an HTML or XML element, or an attribute's value.
std::string xml_escape(const std::string& s);
// The script inside <script>: "</" written "<\\/", which cannot end the element early.
std::string script_safe(std::string s);
// JSON inside <script>: '<', '>' and '&' as \u escapes, so that no "</script", "<!--" or
// "<script" (which together keep the element open to the page's end) is in it; U+2028 and U+2029
// too, which older JavaScript reads as line ends. Still valid JSON: they occur only in strings.
std::string json_in_script(const std::string& json);
// A file or folder name as a URL's path segment: every byte but A-Z a-z 0-9 - . _ ~ as %XX, so
// that "lecture #3", "c?d", "e%41f" or a name with spaces or quotes is the name itself.
std::string url_segment(const std::string& name);
// Standard base64, with padding.
std::string base64(std::string_view bytes);
// A gzip member of `bytes` (zlib at level 9, no name, no time: the same bytes every export).
bool gzip(std::string_view bytes, std::string& out);

}  // namespace output
