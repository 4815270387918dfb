// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/xml/xmlreader.h"
#include "model/error.h"

#include <QtTest>

#include <string>

using namespace fabric;

class TestIoXml : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void reportsElementsTextAndLines();
    void hostileInputIsAnError_data();
    void hostileInputIsAnError();
    void deepAndLongInputStaysBounded();
};

namespace {

/// Writes what it is told as one line per event, to compare.
class Recorder final : public io::xml::Handler
{
public:
    std::string log;
    void startElement(
        std::string_view name, const std::vector<io::xml::Attribute> &attributes, int line) override
    {
        log += std::to_string(line) + " <" + std::string(name);
        for (const auto &a : attributes)
            log += " " + a.name + "=" + a.value;
        log += ">\n";
    }
    void endElement(std::string_view name, int line) override
    {
        log += std::to_string(line) + " </" + std::string(name) + ">\n";
    }
    void text(std::string_view text, int line) override
    {
        if (text.find_first_not_of(" \n") != std::string_view::npos)
            log += std::to_string(line) + " '" + std::string(text) + "'\n";
    }
};

std::string parsed(const std::string &doc)
{
    Recorder r;
    io::xml::parse(doc, "t.xml", r);
    return r.log;
}

} // namespace

void TestIoXml::reportsElementsTextAndLines()
{
    const std::string doc = "\xEF\xBB\xBF<?xml version=\"1.0\"?>\n<!-- c -->\n"
                            "<a x='1' y:z=\"&lt;&amp;&#65;&#x42;&quot;&apos;&gt;\">\n"
                            "  <b/>t&#233;xt<![CDATA[<raw & kept>]]>\n</a>\n";
    QCOMPARE(parsed(doc),
        std::string("3 <a x=1 y:z=<&AB\"'>>\n"
                    "4 <b>\n4 </b>\n4 't\xC3\xA9xt'\n4 '<raw & kept>'\n"
                    "5 </a>\n"));
    QCOMPARE(io::xml::localName("y:NodeLabel"), std::string_view("NodeLabel"));
}

void TestIoXml::hostileInputIsAnError_data()
{
    QTest::addColumn<QString>("doc");
    QTest::addColumn<QString>("error");
    QTest::newRow("doctype") << "<!DOCTYPE a [<!ENTITY l \"lol\">]>\n<a>&l;</a>"
                             << "t.xml:1: DOCTYPE and ENTITY declarations are not accepted";
    QTest::newRow("undefined entity") << "<a>\n&lol;</a>"
                                      << "t.xml:2: undefined entity '&lol;'";
    QTest::newRow("bare ampersand") << "<a>fish & chips</a>"
                                    << "t.xml:1: a '&' that starts no";
    QTest::newRow("nul reference") << "<a>&#0;</a>"
                                   << "t.xml:1: bad character reference";
    QTest::newRow("huge reference") << "<a>&#x110000;</a>"
                                    << "t.xml:1: bad character reference";
    QTest::newRow("mismatch") << "<a>\n<b></a>"
                              << "t.xml:2: </a> closes <b>";
    QTest::newRow("unclosed") << "<a><b>"
                              << "t.xml:1: the document ends inside <b>";
    QTest::newRow("two roots") << "<a/><b/>"
                               << "t.xml:1: a second root element";
    QTest::newRow("empty") << "  "
                           << "t.xml:1: no XML element";
    QTest::newRow("text outside") << "<a/>junk"
                                  << "t.xml:1: text outside the root element";
    QTest::newRow("unquoted") << "<a x=1/>"
                              << "t.xml:1: an attribute value must be quoted";
    QTest::newRow("twice") << "<a x='1' x='2'/>"
                           << "t.xml:1: attribute 'x' given twice";
    QTest::newRow("lt in value") << "<a x='<'/>"
                                 << "t.xml:1: '<' inside an attribute value";
    QTest::newRow("open comment") << "<a><!-- never"
                                  << "t.xml:1: unterminated comment";
    QTest::newRow("open cdata") << "<a><![CDATA[x"
                                << "t.xml:1: unterminated CDATA";
    QTest::newRow("truncated tag") << "<a x='1'"
                                   << "t.xml:1: unterminated tag <a>";
    QTest::newRow("no name") << "<>"
                             << "t.xml:1: a name was expected";
}

void TestIoXml::hostileInputIsAnError()
{
    QFETCH(QString, doc);
    QFETCH(QString, error);
    try {
        parsed(doc.toStdString());
        QFAIL("parsed hostile input");
    } catch (const UserError &e) {
        QVERIFY2(QString(e.what()).startsWith(error), e.what());
    }
}

void TestIoXml::deepAndLongInputStaysBounded()
{
    std::string deep;
    for (int i = 0; i < 100000; ++i)
        deep += "<a>";
    QVERIFY_THROWS_EXCEPTION(UserError, parsed(deep)); // nesting cap, no stack overflow
    try {
        parsed(deep);
    } catch (const UserError &e) {
        QVERIFY2(QString(e.what()).contains("nested deeper than 64"), e.what());
    }
    const std::string longValue = "<a x='" + std::string(2 << 20, 'v') + "'/>";
    QVERIFY_THROWS_EXCEPTION(UserError, parsed(longValue));
    const std::string longName = "<" + std::string(1000, 'n') + "/>";
    QVERIFY_THROWS_EXCEPTION(UserError, parsed(longName));
    std::string manyAttributes = "<a";
    for (int i = 0; i < 100; ++i)
        manyAttributes += " a" + std::to_string(i) + "='1'";
    QVERIFY_THROWS_EXCEPTION(UserError, parsed(manyAttributes + "/>"));
    // The caps are on depth, names and attributes, not on size: a large flat document parses
    // whole, every sibling with its attribute and its entity resolved. (bench_io times the parser
    // on the GraphML and draw.io files of the largest fabrics.)
    std::string flat = "<r>";
    for (int i = 0; i < 200000; ++i)
        flat += "<n i='1'>&amp;</n>";
    Recorder r;
    io::xml::parse(flat + "</r>", "t.xml", r);
    const std::string sibling = "<n i=1>\n1 '&'\n1 </n>";
    std::size_t siblings = 0;
    for (std::size_t at = r.log.find(sibling); at != std::string::npos;
         at = r.log.find(sibling, at + 1))
        ++siblings;
    QCOMPARE(siblings, std::size_t(200000));
}

QTEST_GUILESS_MAIN(TestIoXml)
#include "tst_io_xml.moc"
