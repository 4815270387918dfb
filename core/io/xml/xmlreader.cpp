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
        : mDoc(doc)
        , mFile(fileName)
        , mHandler(handler)
        , mLimits(limits)
    {
    }

    void run()
    {
        if (mDoc.substr(0, 3) == "\xEF\xBB\xBF")
            mPos = 3;
        bool sawRoot = false;
        while (mPos < mDoc.size()) {
            if (mDoc[mPos] != '<') {
                readText(mOpen.empty());
                continue;
            }
            if (startsWith("<?")) {
                skipPast("?>", "processing instruction");
            } else if (startsWith("<!--")) {
                skipPast("-->", "comment");
            } else if (startsWith("<![CDATA[")) {
                if (mOpen.empty())
                    fail("CDATA outside the root element");
                readCdata();
            } else if (startsWith("<!DOCTYPE") || startsWith("<!ENTITY")) {
                fail("DOCTYPE and ENTITY declarations are not accepted");
            } else if (startsWith("<!")) {
                fail("unexpected '<!' markup");
            } else if (startsWith("</")) {
                readEndTag();
            } else {
                if (mOpen.empty() && sawRoot)
                    fail("a second root element");
                sawRoot = true;
                readStartTag();
            }
        }
        if (!mOpen.empty())
            fail("the document ends inside <" + mOpen.back() + ">");
        if (!sawRoot)
            fail("no XML element in the file");
    }

private:
    [[noreturn]] void fail(const std::string &what) const
    {
        throw UserError(mFile + ":" + std::to_string(mLine) + ": " + what);
    }

    bool startsWith(std::string_view s) const { return mDoc.substr(mPos, s.size()) == s; }

    void advance(std::size_t n)
    {
        for (std::size_t i = 0; i < n && mPos < mDoc.size(); ++i, ++mPos)
            if (mDoc[mPos] == '\n')
                ++mLine;
    }

    void skipSpace()
    {
        while (mPos < mDoc.size() && isSpace(mDoc[mPos]))
            advance(1);
    }

    void skipPast(std::string_view end, const char *what)
    {
        const std::size_t at = mDoc.find(end, mPos);
        if (at == std::string_view::npos)
            fail(std::string("unterminated ") + what);
        advance(at + end.size() - mPos);
    }

    void readCdata()
    {
        advance(9);
        const std::size_t at = mDoc.find("]]>", mPos);
        if (at == std::string_view::npos)
            fail("unterminated CDATA section");
        if (at - mPos > mLimits.maxValueBytes)
            fail("a text longer than " + std::to_string(mLimits.maxValueBytes) + " bytes");
        const int line = mLine;
        const std::string_view content = mDoc.substr(mPos, at - mPos);
        advance(at + 3 - mPos);
        mHandler.text(content, line);
    }

    std::string readName()
    {
        const std::size_t start = mPos;
        while (mPos < mDoc.size() && isNameChar(mDoc[mPos])) {
            if (mPos - start >= mLimits.maxNameBytes)
                fail("a name longer than " + std::to_string(mLimits.maxNameBytes) + " bytes");
            ++mPos;
        }
        if (mPos == start)
            fail("a name was expected");
        return std::string(mDoc.substr(start, mPos - start));
    }

    /// Replaces one reference starting at '&' and appends it to @p out.
    void readReference(std::string &out)
    {
        const std::size_t semi = mDoc.find(';', mPos);
        if (semi == std::string_view::npos || semi - mPos > 12)
            fail("a '&' that starts no entity (write &amp;)");
        const std::string_view ref = mDoc.substr(mPos + 1, semi - mPos - 1);
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
        advance(semi + 1 - mPos);
    }

    void readText(bool outsideRoot)
    {
        const int line = mLine;
        std::string text;
        while (mPos < mDoc.size() && mDoc[mPos] != '<') {
            if (text.size() >= mLimits.maxValueBytes)
                fail("a text longer than " + std::to_string(mLimits.maxValueBytes) + " bytes");
            if (mDoc[mPos] == '&') {
                readReference(text);
            } else {
                text.push_back(mDoc[mPos]);
                advance(1);
            }
        }
        if (outsideRoot) {
            for (char c : text)
                if (!isSpace(c))
                    throw UserError(
                        mFile + ":" + std::to_string(line) + ": text outside the root element");
            return;
        }
        mHandler.text(text, line);
    }

    std::string readAttributeValue()
    {
        if (mPos >= mDoc.size() || (mDoc[mPos] != '"' && mDoc[mPos] != '\''))
            fail("an attribute value must be quoted");
        const char quote = mDoc[mPos];
        advance(1);
        std::string value;
        while (mPos < mDoc.size() && mDoc[mPos] != quote) {
            if (value.size() >= mLimits.maxValueBytes)
                fail("an attribute value longer than " + std::to_string(mLimits.maxValueBytes)
                    + " bytes");
            if (mDoc[mPos] == '<')
                fail("'<' inside an attribute value");
            if (mDoc[mPos] == '&') {
                readReference(value);
            } else {
                value.push_back(mDoc[mPos]);
                advance(1);
            }
        }
        if (mPos >= mDoc.size())
            fail("unterminated attribute value");
        advance(1);
        return value;
    }

    void readStartTag()
    {
        const int line = mLine;
        advance(1);
        std::string name = readName();
        std::vector<Attribute> attributes;
        for (;;) {
            const std::size_t before = mPos;
            skipSpace();
            if (mPos >= mDoc.size())
                fail("unterminated tag <" + name + ">");
            if (startsWith("/>") || mDoc[mPos] == '>')
                break;
            if (mPos == before)
                fail("space expected between attributes of <" + name + ">");
            if (attributes.size() >= mLimits.maxAttributes)
                fail("more than " + std::to_string(mLimits.maxAttributes) + " attributes on <"
                    + name + ">");
            Attribute a;
            a.name = readName();
            for (const Attribute &other : attributes)
                if (other.name == a.name)
                    fail("attribute '" + a.name + "' given twice");
            skipSpace();
            if (mPos >= mDoc.size() || mDoc[mPos] != '=')
                fail("'=' expected after attribute '" + a.name + "'");
            advance(1);
            skipSpace();
            a.value = readAttributeValue();
            attributes.push_back(std::move(a));
        }
        const bool empty = mDoc[mPos] == '/';
        advance(empty ? 2 : 1);
        if (static_cast<int>(mOpen.size()) >= mLimits.maxDepth)
            fail("elements nested deeper than " + std::to_string(mLimits.maxDepth));
        mHandler.startElement(name, attributes, line);
        if (empty)
            mHandler.endElement(name, line);
        else
            mOpen.push_back(std::move(name));
    }

    void readEndTag()
    {
        const int line = mLine;
        advance(2);
        const std::string name = readName();
        skipSpace();
        if (mPos >= mDoc.size() || mDoc[mPos] != '>')
            fail("unterminated end tag </" + name + ">");
        advance(1);
        if (mOpen.empty() || mOpen.back() != name)
            throw UserError(mFile + ":" + std::to_string(line) + ": </" + name + "> closes "
                + (mOpen.empty() ? "nothing" : "<" + mOpen.back() + ">"));
        mOpen.pop_back();
        mHandler.endElement(name, line);
    }

    std::string_view mDoc;
    const std::string &mFile;
    Handler &mHandler;
    const Limits &mLimits;
    std::size_t mPos = 0;
    int mLine = 1;
    std::vector<std::string> mOpen;
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
