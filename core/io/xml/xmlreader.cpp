// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "xmlreader.h"

#include "model/error.h"

#include <charconv>

namespace fabric::io::xml {
namespace {

bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

bool isNameChar(char c)
{
    const auto u = static_cast<unsigned char>(c);
    return u >= 0x80 || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
        || c == '_' || c == ':' || c == '-' || c == '.';
}

void appendUtf8(std::string &out, unsigned long cp)
{
    if (cp < 0x80) {
        out.push_back(static_cast<char>(cp));
    } else if (cp < 0x800) {
        out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
        out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else if (cp < 0x10000) {
        out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
        out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
        out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else {
        out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
        out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
        out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
        out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    }
}

/// One pass over the document; the position only moves forward, so every input costs linear
/// time whatever it holds.
class Parser
{
public:
    Parser(
        std::string_view doc, const std::string &fileName, Handler &handler, const Limits &limits)
        : m_doc(doc)
        , m_file(fileName)
        , m_handler(handler)
        , m_limits(limits)
    {
    }

    void run()
    {
        if (m_doc.substr(0, 3) == "\xEF\xBB\xBF")
            m_pos = 3;
        bool sawRoot = false;
        while (m_pos < m_doc.size()) {
            if (m_doc[m_pos] != '<') {
                readText(m_open.empty());
                continue;
            }
            if (startsWith("<?")) {
                skipPast("?>", "processing instruction");
            } else if (startsWith("<!--")) {
                skipPast("-->", "comment");
            } else if (startsWith("<![CDATA[")) {
                if (m_open.empty())
                    fail("CDATA outside the root element");
                readCdata();
            } else if (startsWith("<!DOCTYPE") || startsWith("<!ENTITY")) {
                fail("DOCTYPE and ENTITY declarations are not accepted");
            } else if (startsWith("<!")) {
                fail("unexpected '<!' markup");
            } else if (startsWith("</")) {
                readEndTag();
            } else {
                if (m_open.empty() && sawRoot)
                    fail("a second root element");
                sawRoot = true;
                readStartTag();
            }
        }
        if (!m_open.empty())
            fail("the document ends inside <" + m_open.back() + ">");
        if (!sawRoot)
            fail("no XML element in the file");
    }

private:
    [[noreturn]] void fail(const std::string &what) const
    {
        throw UserError(m_file + ":" + std::to_string(m_line) + ": " + what);
    }

    bool startsWith(std::string_view s) const { return m_doc.substr(m_pos, s.size()) == s; }

    void advance(std::size_t n)
    {
        for (std::size_t i = 0; i < n && m_pos < m_doc.size(); ++i, ++m_pos)
            if (m_doc[m_pos] == '\n')
                ++m_line;
    }

    void skipSpace()
    {
        while (m_pos < m_doc.size() && isSpace(m_doc[m_pos]))
            advance(1);
    }

    void skipPast(std::string_view end, const char *what)
    {
        const std::size_t at = m_doc.find(end, m_pos);
        if (at == std::string_view::npos)
            fail(std::string("unterminated ") + what);
        advance(at + end.size() - m_pos);
    }

    void readCdata()
    {
        advance(9);
        const std::size_t at = m_doc.find("]]>", m_pos);
        if (at == std::string_view::npos)
            fail("unterminated CDATA section");
        if (at - m_pos > m_limits.maxValueBytes)
            fail("a text longer than " + std::to_string(m_limits.maxValueBytes) + " bytes");
        const int line = m_line;
        const std::string_view content = m_doc.substr(m_pos, at - m_pos);
        advance(at + 3 - m_pos);
        m_handler.text(content, line);
    }

    std::string readName()
    {
        const std::size_t start = m_pos;
        while (m_pos < m_doc.size() && isNameChar(m_doc[m_pos])) {
            if (m_pos - start >= m_limits.maxNameBytes)
                fail("a name longer than " + std::to_string(m_limits.maxNameBytes) + " bytes");
            ++m_pos;
        }
        if (m_pos == start)
            fail("a name was expected");
        return std::string(m_doc.substr(start, m_pos - start));
    }

    /// Replaces one reference starting at '&' and appends it to @p out.
    void readReference(std::string &out)
    {
        const std::size_t semi = m_doc.find(';', m_pos);
        if (semi == std::string_view::npos || semi - m_pos > 12)
            fail("a '&' that starts no entity (write &amp;)");
        const std::string_view ref = m_doc.substr(m_pos + 1, semi - m_pos - 1);
        if (ref == "amp")
            out.push_back('&');
        else if (ref == "lt")
            out.push_back('<');
        else if (ref == "gt")
            out.push_back('>');
        else if (ref == "quot")
            out.push_back('"');
        else if (ref == "apos")
            out.push_back('\'');
        else if (ref.size() > 1 && ref[0] == '#') {
            const bool hex = ref[1] == 'x';
            const std::string_view digits = ref.substr(hex ? 2 : 1);
            unsigned long cp = 0;
            const auto r
                = std::from_chars(digits.data(), digits.data() + digits.size(), cp, hex ? 16 : 10);
            if (digits.empty() || r.ec != std::errc() || r.ptr != digits.data() + digits.size()
                || cp == 0 || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
                fail("bad character reference '&" + std::string(ref) + ";'");
            appendUtf8(out, cp);
        } else {
            fail("undefined entity '&" + std::string(ref)
                + ";' (only the five predefined ones "
                  "and numeric references are accepted)");
        }
        advance(semi + 1 - m_pos);
    }

    void readText(bool outsideRoot)
    {
        const int line = m_line;
        std::string text;
        while (m_pos < m_doc.size() && m_doc[m_pos] != '<') {
            if (text.size() >= m_limits.maxValueBytes)
                fail("a text longer than " + std::to_string(m_limits.maxValueBytes) + " bytes");
            if (m_doc[m_pos] == '&') {
                readReference(text);
            } else {
                text.push_back(m_doc[m_pos]);
                advance(1);
            }
        }
        if (outsideRoot) {
            for (char c : text)
                if (!isSpace(c))
                    throw UserError(
                        m_file + ":" + std::to_string(line) + ": text outside the root element");
            return;
        }
        m_handler.text(text, line);
    }

    std::string readAttributeValue()
    {
        if (m_pos >= m_doc.size() || (m_doc[m_pos] != '"' && m_doc[m_pos] != '\''))
            fail("an attribute value must be quoted");
        const char quote = m_doc[m_pos];
        advance(1);
        std::string value;
        while (m_pos < m_doc.size() && m_doc[m_pos] != quote) {
            if (value.size() >= m_limits.maxValueBytes)
                fail("an attribute value longer than " + std::to_string(m_limits.maxValueBytes)
                    + " bytes");
            if (m_doc[m_pos] == '<')
                fail("'<' inside an attribute value");
            if (m_doc[m_pos] == '&') {
                readReference(value);
            } else {
                value.push_back(m_doc[m_pos]);
                advance(1);
            }
        }
        if (m_pos >= m_doc.size())
            fail("unterminated attribute value");
        advance(1);
        return value;
    }

    void readStartTag()
    {
        const int line = m_line;
        advance(1);
        std::string name = readName();
        std::vector<Attribute> attributes;
        for (;;) {
            const std::size_t before = m_pos;
            skipSpace();
            if (m_pos >= m_doc.size())
                fail("unterminated tag <" + name + ">");
            if (startsWith("/>") || m_doc[m_pos] == '>')
                break;
            if (m_pos == before)
                fail("space expected between attributes of <" + name + ">");
            if (attributes.size() >= m_limits.maxAttributes)
                fail("more than " + std::to_string(m_limits.maxAttributes) + " attributes on <"
                    + name + ">");
            Attribute a;
            a.name = readName();
            for (const Attribute &other : attributes)
                if (other.name == a.name)
                    fail("attribute '" + a.name + "' given twice");
            skipSpace();
            if (m_pos >= m_doc.size() || m_doc[m_pos] != '=')
                fail("'=' expected after attribute '" + a.name + "'");
            advance(1);
            skipSpace();
            a.value = readAttributeValue();
            attributes.push_back(std::move(a));
        }
        const bool empty = m_doc[m_pos] == '/';
        advance(empty ? 2 : 1);
        if (static_cast<int>(m_open.size()) >= m_limits.maxDepth)
            fail("elements nested deeper than " + std::to_string(m_limits.maxDepth));
        m_handler.startElement(name, attributes, line);
        if (empty)
            m_handler.endElement(name, line);
        else
            m_open.push_back(std::move(name));
    }

    void readEndTag()
    {
        const int line = m_line;
        advance(2);
        const std::string name = readName();
        skipSpace();
        if (m_pos >= m_doc.size() || m_doc[m_pos] != '>')
            fail("unterminated end tag </" + name + ">");
        advance(1);
        if (m_open.empty() || m_open.back() != name)
            throw UserError(m_file + ":" + std::to_string(line) + ": </" + name + "> closes "
                + (m_open.empty() ? "nothing" : "<" + m_open.back() + ">"));
        m_open.pop_back();
        m_handler.endElement(name, line);
    }

    std::string_view m_doc;
    const std::string &m_file;
    Handler &m_handler;
    const Limits &m_limits;
    std::size_t m_pos = 0;
    int m_line = 1;
    std::vector<std::string> m_open;
};

} // namespace

std::string_view localName(std::string_view name)
{
    const std::size_t colon = name.find(':');
    return colon == std::string_view::npos ? name : name.substr(colon + 1);
}

void parse(
    std::string_view document, const std::string &fileName, Handler &handler, const Limits &limits)
{
    Parser(document, fileName, handler, limits).run();
}

} // namespace fabric::io::xml
