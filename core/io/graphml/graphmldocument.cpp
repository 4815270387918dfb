// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "graphmldocument.h"

#include "io/xml/xmlreader.h"
#include "model/error.h"

#include <algorithm>
#include <cctype>
#include <optional>

namespace fabric::io::graphml {
std::string lowered(std::string_view s)
{
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(),
        [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

namespace {

std::string trimmed(std::string_view s)
{
    const auto first = s.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos)
        return {};
    return std::string(s.substr(first, s.find_last_not_of(" \t\r\n") - first + 1));
}

std::string attribute(const std::vector<xml::Attribute> &attributes, std::string_view name)
{
    for (const xml::Attribute &a : attributes)
        if (a.name == name)
            return a.value;
    return {};
}

struct KeyDecl
{
    std::string domain; ///< node, edge, graph, all
    std::string name; ///< attr.name, lower case
    std::string defaultValue;
    bool hasDefault = false;
    bool nodeGraphics = false; ///< yEd's yfiles.type="nodegraphics": the label is inside.
};

/// Where a <data> element's value goes.
enum class Owner { Graph, Node, Edge, Other };

class GraphmlHandler final : public xml::Handler
{
public:
    explicit GraphmlHandler(const std::string &fileName)
        : m_file(fileName)
    {
    }

    Document take()
    {
        if (!m_sawGraph)
            throw UserError(m_file + ": no <graph> element (is this GraphML?)");
        for (NodeRecord &n : m_doc.nodes)
            applyDefaults(n.values, "node");
        for (EdgeRecord &e : m_doc.edges)
            applyDefaults(e.values, "edge");
        applyDefaults(m_doc.graph, "graph");
        return std::move(m_doc);
    }

    void startElement(
        std::string_view qname, const std::vector<xml::Attribute> &attributes, int line) override
    {
        const std::string_view name = xml::localName(qname);
        if (m_depth == 0 && name != "graphml")
            fail(line, "the root element is <" + std::string(qname) + ">, not <graphml>");
        ++m_depth;
        if (m_data) {
            if (m_data->nodeGraphics && name == "NodeLabel")
                ++m_labelDepth;
            return;
        }
        if (name == "key")
            startKey(attributes, line);
        else if (name == "default" && m_key)
            m_keyDefault = true;
        else if (name == "graph")
            startGraph();
        else if (name == "node")
            startNode(attributes, line);
        else if (name == "edge")
            startEdge(attributes, line);
        else if (name == "hyperedge")
            fail(line, "<hyperedge> cannot be read: FabricScope links join exactly two nodes");
        else if (name == "data")
            startData(attributes, line);
    }

    void endElement(std::string_view qname, int) override
    {
        const std::string_view name = xml::localName(qname);
        --m_depth;
        if (m_data) {
            if (name == "NodeLabel" && m_labelDepth > 0)
                --m_labelDepth;
            if (name == "data" && m_depth == m_dataDepth)
                endData();
            return;
        }
        if (name == "key" && m_key) {
            m_keys[m_keyId] = *m_key;
            m_key.reset();
        } else if (name == "default") {
            m_keyDefault = false;
        } else if (name == "node" || name == "edge" || name == "graph") {
            m_owners.pop_back();
        }
    }

    void text(std::string_view text, int) override
    {
        if (m_data) {
            if (!m_data->nodeGraphics || m_labelDepth > 0)
                m_dataText += text;
        } else if (m_key && m_keyDefault) {
            m_key->defaultValue += text;
            m_key->hasDefault = true;
        }
    }

private:
    [[noreturn]] void fail(int line, const std::string &what) const
    {
        throw UserError(m_file + ":" + std::to_string(line) + ": " + what);
    }

    void startKey(const std::vector<xml::Attribute> &attributes, int line)
    {
        m_keyId = attribute(attributes, "id");
        if (m_keyId.empty())
            fail(line, "<key> without an id");
        KeyDecl k;
        k.domain = lowered(attribute(attributes, "for"));
        if (k.domain.empty())
            k.domain = "all";
        k.name = lowered(trimmed(attribute(attributes, "attr.name")));
        k.nodeGraphics = attribute(attributes, "yfiles.type") == "nodegraphics";
        m_key = k;
    }

    void startGraph()
    {
        m_sawGraph = true;
        // A graph inside a node is a yEd group's content: its nodes are read, the group is not.
        if (!m_owners.empty() && m_owners.back().first == Owner::Node)
            m_doc.nodes[m_owners.back().second].group = true;
        m_owners.push_back({ m_owners.empty() ? Owner::Graph : Owner::Other, 0 });
    }

    void startNode(const std::vector<xml::Attribute> &attributes, int line)
    {
        NodeRecord n;
        n.id = attribute(attributes, "id");
        n.line = line;
        if (n.id.empty())
            fail(line, "<node> without an id");
        m_owners.push_back({ Owner::Node, m_doc.nodes.size() });
        m_doc.nodes.push_back(std::move(n));
    }

    void startEdge(const std::vector<xml::Attribute> &attributes, int line)
    {
        EdgeRecord e;
        e.id = attribute(attributes, "id");
        e.source = attribute(attributes, "source");
        e.target = attribute(attributes, "target");
        e.line = line;
        if (e.source.empty() || e.target.empty())
            fail(line, "<edge> without source or target");
        m_owners.push_back({ Owner::Edge, m_doc.edges.size() });
        m_doc.edges.push_back(std::move(e));
    }

    void startData(const std::vector<xml::Attribute> &attributes, int line)
    {
        const std::string key = attribute(attributes, "key");
        const auto it = m_keys.find(key);
        if (it == m_keys.end())
            fail(line, "<data key=\"" + key + "\"> names no <key> declared before it");
        m_data = &it->second;
        m_dataDepth = m_depth - 1;
        m_dataText.clear();
        m_labelDepth = 0;
    }

    void endData()
    {
        const std::string name = m_data->name;
        std::string value = trimmed(m_dataText);
        m_data = nullptr;
        if (name.empty() && value.empty())
            return;
        const auto [owner, index]
            = m_owners.empty() ? std::pair { Owner::Other, std::size_t(0) } : m_owners.back();
        if (owner == Owner::Node && name.empty())
            m_doc.nodes[index].label = std::move(value); // yEd graphics: the label only
        else if (owner == Owner::Node)
            m_doc.nodes[index].values[name] = std::move(value);
        else if (owner == Owner::Edge && !name.empty())
            m_doc.edges[index].values[name] = std::move(value);
        else if (owner == Owner::Graph && !name.empty())
            m_doc.graph[name] = std::move(value);
    }

    void applyDefaults(Values &values, std::string_view domain) const
    {
        for (const auto &[id, k] : m_keys)
            if (k.hasDefault && !k.name.empty() && (k.domain == domain || k.domain == "all"))
                values.try_emplace(k.name, trimmed(k.defaultValue));
    }

    const std::string &m_file;
    Document m_doc;
    std::map<std::string, KeyDecl> m_keys;
    std::optional<KeyDecl> m_key;
    std::string m_keyId;
    bool m_keyDefault = false;
    bool m_sawGraph = false;
    int m_depth = 0;
    std::vector<std::pair<Owner, std::size_t>> m_owners;
    const KeyDecl *m_data = nullptr;
    int m_dataDepth = 0;
    int m_labelDepth = 0;
    std::string m_dataText;
};

} // namespace

Document readDocument(std::string_view text, const std::string &fileName)
{
    GraphmlHandler handler(fileName);
    xml::parse(text, fileName, handler);
    return handler.take();
}

} // namespace fabric::io::graphml
