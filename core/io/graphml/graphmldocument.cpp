// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "graphmldocument.h"

#include "io/common/cleantext.h"
#include "io/xml/xmlreader.h"
#include "model/asciicase.h"
#include "model/error.h"

#include <algorithm>
#include <optional>

namespace fabric::io::graphml {
namespace {

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
        : mFile(fileName)
    {
    }

    Document take()
    {
        if (!mSawGraph)
            throw UserError(mFile + ": no <graph> element (is this GraphML?)");
        for (NodeRecord &n : mDoc.nodes)
            applyDefaults(n.values, "node");
        for (EdgeRecord &e : mDoc.edges)
            applyDefaults(e.values, "edge");
        applyDefaults(mDoc.graph, "graph");
        return std::move(mDoc);
    }

    void startElement(
        std::string_view qname, const std::vector<xml::Attribute> &attributes, int line) override
    {
        const std::string_view name = xml::localName(qname);
        if (mDepth == 0 && name != "graphml")
            fail(line, "the root element is <" + std::string(qname) + ">, not <graphml>");
        ++mDepth;
        if (mData) {
            if (mData->nodeGraphics && name == "NodeLabel")
                ++mLabelDepth;
            return;
        }
        if (name == "key")
            startKey(attributes, line);
        else if (name == "default" && mKey)
            mKeyDefault = true;
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
        --mDepth;
        if (mData) {
            if (name == "NodeLabel" && mLabelDepth > 0)
                --mLabelDepth;
            if (name == "data" && mDepth == mDataDepth)
                endData();
            return;
        }
        if (name == "key" && mKey) {
            mKeys[mKeyId] = *mKey;
            mKey.reset();
        } else if (name == "default") {
            mKeyDefault = false;
        } else if (name == "node" || name == "edge" || name == "graph") {
            mOwners.pop_back();
        }
    }

    void text(std::string_view text, int) override
    {
        if (mData) {
            if (!mData->nodeGraphics || mLabelDepth > 0)
                mDataText += text;
        } else if (mKey && mKeyDefault) {
            mKey->defaultValue += text;
            mKey->hasDefault = true;
        }
    }

private:
    [[noreturn]] void fail(int line, const std::string &what) const
    {
        throw UserError(mFile + ":" + std::to_string(line) + ": " + what);
    }

    void startKey(const std::vector<xml::Attribute> &attributes, int line)
    {
        mKeyId = attribute(attributes, "id");
        if (mKeyId.empty())
            fail(line, "<key> without an id");
        KeyDecl k;
        k.domain = asciiLowered(attribute(attributes, "for"));
        if (k.domain.empty())
            k.domain = "all";
        k.name = asciiLowered(trimmed(attribute(attributes, "attr.name")));
        k.nodeGraphics = attribute(attributes, "yfiles.type") == "nodegraphics";
        mKey = k;
    }

    void startGraph()
    {
        mSawGraph = true;
        // A graph inside a node is a yEd group's content: its nodes are read, the group is not.
        if (!mOwners.empty() && mOwners.back().first == Owner::Node)
            mDoc.nodes[mOwners.back().second].group = true;
        mOwners.push_back({ mOwners.empty() ? Owner::Graph : Owner::Other, 0 });
    }

    void startNode(const std::vector<xml::Attribute> &attributes, int line)
    {
        NodeRecord n;
        n.id = attribute(attributes, "id");
        n.line = line;
        if (n.id.empty())
            fail(line, "<node> without an id");
        mOwners.push_back({ Owner::Node, mDoc.nodes.size() });
        mDoc.nodes.push_back(std::move(n));
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
        mOwners.push_back({ Owner::Edge, mDoc.edges.size() });
        mDoc.edges.push_back(std::move(e));
    }

    void startData(const std::vector<xml::Attribute> &attributes, int line)
    {
        const std::string key = attribute(attributes, "key");
        const auto it = mKeys.find(key);
        if (it == mKeys.end())
            fail(line, "<data key=\"" + key + "\"> names no <key> declared before it");
        mData = &it->second;
        mDataLine = line;
        mDataDepth = mDepth - 1;
        mDataText.clear();
        mLabelDepth = 0;
    }

    void endData()
    {
        const std::string name = mData->name;
        std::string value(trimmed(mDataText));
        mData = nullptr;
        if (name.empty() && value.empty())
            return;
        const auto [owner, index]
            = mOwners.empty() ? std::pair { Owner::Other, std::size_t(0) } : mOwners.back();
        if (owner == Owner::Node && name.empty())
            mDoc.nodes[index].label = std::move(value); // yEd graphics: the label only
        else if (owner == Owner::Node)
            mDoc.nodes[index].values[name] = std::move(value);
        else if (owner == Owner::Edge && !name.empty())
            mDoc.edges[index].values[name] = std::move(value);
        else if (owner == Owner::Graph && !name.empty()) {
            mDoc.graph[name] = std::move(value);
            mDoc.graphLines[name] = mDataLine;
        }
    }

    void applyDefaults(Values &values, std::string_view domain) const
    {
        for (const auto &[id, k] : mKeys)
            if (k.hasDefault && !k.name.empty() && (k.domain == domain || k.domain == "all"))
                values.try_emplace(k.name, std::string(trimmed(k.defaultValue)));
    }

    const std::string &mFile;
    Document mDoc;
    std::map<std::string, KeyDecl> mKeys;
    std::optional<KeyDecl> mKey;
    std::string mKeyId;
    bool mKeyDefault = false;
    bool mSawGraph = false;
    int mDepth = 0;
    std::vector<std::pair<Owner, std::size_t>> mOwners;
    const KeyDecl *mData = nullptr;
    int mDataDepth = 0;
    int mDataLine = 0; ///< Where the open <data> began.
    int mLabelDepth = 0;
    std::string mDataText;
};

} // namespace

Document readDocument(std::string_view text, const std::string &fileName)
{
    GraphmlHandler handler(fileName);
    xml::parse(text, fileName, handler);
    return handler.take();
}

} // namespace fabric::io::graphml
