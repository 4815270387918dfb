// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "templategallery.h"

#include "errortext.h"

#include "common/qtstrings.h"
#include "generators/paramspecs.h"
#include "generators/registry.h"
#include "metricsrunner.h"
#include "metricstext.h"
#include "model/error.h"
#include "propertyform.h"
#include "scrollable.h"

#include <QApplication>
#include <QDialogButtonBox>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMap>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QStackedWidget>
#include <QTimer>
#include <QVBoxLayout>

namespace fabric::app {
namespace {

/// "An even number from 4 to 128." Typed beyond it, a spin box takes no more digits, with no
/// word of why, so the range is written where the field is described.
QString allowedSentence(const gen::ParamSpec &p)
{
    return views::capitalised(views::toQString(gen::allowedText(p))) + QLatin1Char('.');
}

PropertySpec toPropertySpec(const gen::ParamSpec &p, int id)
{
    using T = gen::ParamSpec::Type;
    PropertySpec s;
    s.id = id;
    s.label = views::toQString(p.label);
    s.toolTip = views::toQString(p.description) + QLatin1Char(' ') + allowedSentence(p);
    s.unit = views::toQString(p.unit);
    s.zeroText = views::toQString(p.zeroMeans);
    s.min = p.min;
    s.max = p.max;
    s.step = std::max(1, p.multipleOf);
    switch (p.type) {
    case T::Int:
        s.type = PropertySpec::Type::Int;
        break;
    case T::Double:
        s.type = PropertySpec::Type::Double;
        break;
    case T::Bool:
        s.type = PropertySpec::Type::Bool;
        break;
    case T::Choice:
        s.type = PropertySpec::Type::Choice;
        for (const std::string &c : p.choices)
            s.choices << views::toQString(c);
        break;
    }
    return s;
}

QVariant toVariant(const nlohmann::json &v)
{
    if (v.is_boolean())
        return v.get<bool>();
    if (v.is_number_integer())
        return v.get<int>();
    if (v.is_number())
        return v.get<double>();
    if (v.is_string())
        return views::toQString(v.get<std::string>());
    return {};
}

nlohmann::json toJson(const QVariant &v, PropertySpec::Type type)
{
    switch (type) {
    case PropertySpec::Type::Int:
        return v.toInt();
    case PropertySpec::Type::Double:
        return v.toDouble();
    case PropertySpec::Type::Bool:
        return v.toBool();
    case PropertySpec::Type::Choice:
    case PropertySpec::Type::Text:
        return v.toString().toStdString();
    }
    return {};
}

} // namespace

struct TemplateGallery::FamilyPage
{
    const gen::FamilyInfo *info;
    PropertyForm *form;
};

TemplateGallery::TemplateGallery(QWidget *parent)
    : QDialog(parent)
    , mFamilies(new QListWidget)
    , mDescription(new QLabel)
    , mForms(new QStackedWidget)
    , mError(new QLabel)
    , mFieldHelp(new QLabel)
    , mSummary(new QLabel)
    , mProgress(new QProgressBar)
    , mButtons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel))
    , mDebounce(new QTimer(this))
    , mRunner(new MetricsRunner(this))
{
    setWindowTitle(tr("New Fabric from Template"));
    setObjectName(QStringLiteral("templateGallery"));

    for (const gen::FamilyInfo &info : gen::families()) {
        QList<PropertySpec> specs;
        for (const gen::ParamSpec &p : info.params)
            specs << toPropertySpec(p, int(specs.size()));
        auto *form = new PropertyForm(specs);
        for (int i = 0; i < form->count(); ++i)
            form->setValue(i, toVariant(info.params[std::size_t(i)].defaultValue));
        form->trackTyping();
        connect(form, &PropertyForm::edited, this, &TemplateGallery::valuesChanged);
        // Each page scrolls on its own: HPN's twelve rows in presentation mode's larger text
        // were squeezed below their height on a 720-pixel screen, their text cut; one scroll
        // area round the stack took the tallest page's height for every page.
        mForms->addWidget(scrollable(form));
        mPages.push_back({ &info, form });
        auto *item = new QListWidgetItem(views::toQString(info.title), mFamilies);
        item->setToolTip(views::toQString(info.description));
    }

    mDescription->setWordWrap(true);
    mError->setWordWrap(true);
    showAsError(mError);
    mFieldHelp->setObjectName(QStringLiteral("fieldHelp"));
    mFieldHelp->setWordWrap(true);
    mFieldHelp->hide();
    mFollowFocus = connect(qApp, &QApplication::focusChanged, this,
        [this](QWidget *, QWidget *now) { showFieldHelp(now); });
    mSummary->setWordWrap(true);
    mSummary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    mProgress->setRange(0, 100);
    mProgress->setFormat(tr("Generating and measuring\u2026 %p%"));
    mFamilies->setMaximumWidth(240);

    auto *summaryBox = new QGroupBox(tr("Summary"));
    auto *summaryLayout = new QVBoxLayout(summaryBox);
    summaryLayout->addWidget(mSummary);
    summaryLayout->addWidget(mProgress);

    auto *right = new QVBoxLayout;
    right->addWidget(mDescription);
    right->addWidget(mForms, 1);
    right->addWidget(mFieldHelp);
    right->addWidget(mError);
    right->addWidget(summaryBox);
    auto *columns = new QHBoxLayout;
    columns->addWidget(mFamilies);
    columns->addLayout(right, 1);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(columns, 1);
    layout->addWidget(mButtons);

    connect(mButtons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(mButtons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(mFamilies, &QListWidget::currentRowChanged, this, &TemplateGallery::familyChanged);

    // Typing a number fires an edit per digit; generate once the user pauses.
    mDebounce->setSingleShot(true);
    mDebounce->setInterval(250);
    connect(mDebounce, &QTimer::timeout, this, [this] {
        if (!mRefusal.isEmpty()) {
            mError->setText(mRefusal);
            mError->show();
            mSummary->setText(tr("Fix the parameters to see a summary."));
            return;
        }
        const std::string familyName = family();
        const nlohmann::json params = mResolved;
        mSummaryParams = nlohmann::json();
        mProgress->setValue(0);
        mProgress->show();
        mRunner->start([familyName, params] {
            auto fabric = std::make_shared<Fabric>(gen::generate(familyName, params));
            return std::shared_ptr<const Fabric>(std::move(fabric));
        });
    });
    connect(mRunner, &MetricsRunner::progressChanged, this,
        [this](double f) { mProgress->setValue(int(f * 100)); });
    connect(mRunner, &MetricsRunner::finished, this,
        [this](const std::shared_ptr<const Fabric> &fabric, const metrics::FabricMetrics &m) {
            mProgress->hide();
            mGenerated = fabric;
            mSummaryParams = fabric->generator().params;
            mSummary->setText(metricSummary(m, fabric->generator().family));
            Q_EMIT summaryUpdated();
        });
    connect(mRunner, &MetricsRunner::failed, this, [this](const QString &message) {
        mProgress->hide();
        mError->setText(inFormWords(message));
        mError->show();
        mButtons->button(QDialogButtonBox::Ok)->setEnabled(false);
        Q_EMIT summaryUpdated();
    });

    mFamilies->setCurrentRow(0);
    resize(820, 560);
}

TemplateGallery::~TemplateGallery()
{
    disconnect(mFollowFocus);
}

void TemplateGallery::setFixedFamily(const std::string &familyName, const nlohmann::json &params)
{
    if (!selectFamily(familyName))
        return;
    setWindowTitle(tr("Regenerate Fabric"));
    mFamilies->hide();
    PropertyForm *f = form();
    const gen::FamilyInfo &info = familyInfo();
    for (int i = 0; i < f->count(); ++i) {
        const std::string &key = info.params[std::size_t(i)].key;
        if (params.is_object() && params.contains(key))
            f->setValue(i, toVariant(params.at(key)));
    }
    valuesChanged();
}

bool TemplateGallery::selectFamily(const std::string &familyName)
{
    for (std::size_t i = 0; i < mPages.size(); ++i) {
        if (mPages[i].info->name == familyName) {
            mFamilies->setCurrentRow(int(i));
            return true;
        }
    }
    return false;
}

const gen::FamilyInfo &TemplateGallery::familyInfo() const
{
    return *mPages[std::size_t(mFamilies->currentRow())].info;
}

std::string TemplateGallery::family() const
{
    const int row = mFamilies->currentRow();
    return row < 0 ? std::string() : mPages[std::size_t(row)].info->name;
}

PropertyForm *TemplateGallery::form() const
{
    const int row = mForms->currentIndex();
    return row < 0 ? nullptr : mPages[std::size_t(row)].form;
}

QPushButton *TemplateGallery::okButton() const
{
    return mButtons->button(QDialogButtonBox::Ok);
}

QString TemplateGallery::errorText() const
{
    return mError->isHidden() ? QString() : mError->text();
}

QString TemplateGallery::summaryText() const
{
    return mSummary->text();
}

bool TemplateGallery::isSummaryReady() const
{
    return mGenerated && !mResolved.is_null() && mSummaryParams == mResolved;
}

Fabric TemplateGallery::takeFabric()
{
    if (isSummaryReady())
        return *mGenerated;
    return gen::generate(family(), formValues());
}

void TemplateGallery::showEvent(QShowEvent *event)
{
    QDialog::showEvent(event);
    if (!mFamilies->isHidden() || !form() || form()->count() == 0)
        return;
    // Regenerate opens on its first field, its value selected as Tab would leave it: typing
    // "3" into Tiers made "32", past the maximum, and the spin box kept "2" without a word.
    QWidget *first = form()->editor(0);
    first->setFocus();
    if (auto *spin = qobject_cast<QAbstractSpinBox *>(first))
        spin->selectAll();
    else if (auto *edit = qobject_cast<QLineEdit *>(first))
        edit->selectAll();
}

void TemplateGallery::showFieldHelp(QWidget *focused)
{
    const PropertyForm *f = form();
    if (!f || !focused || !isAncestorOf(focused))
        return; // another window: keep the line for when the focus comes back
    const gen::FamilyInfo &info = familyInfo();
    for (int i = 0; i < f->count(); ++i) {
        QWidget *editor = f->editor(i);
        if (editor == focused || editor->isAncestorOf(focused)) {
            const gen::ParamSpec &p = info.params[std::size_t(i)];
            mFieldHelp->setText(
                QStringLiteral("<b>%1</b> (%2): %3 %4")
                    .arg(views::toQString(p.label).toHtmlEscaped(), views::toQString(p.key),
                        views::toQString(p.description).toHtmlEscaped(),
                        allowedSentence(p).toHtmlEscaped()));
            mFieldHelp->show();
            return;
        }
    }
    mFieldHelp->hide();
}

QString TemplateGallery::fieldHelpText() const
{
    return mFieldHelp->isHidden() ? QString() : mFieldHelp->text();
}

void TemplateGallery::familyChanged(int row)
{
    if (row < 0)
        return;
    mForms->setCurrentIndex(row);
    mDescription->setText(views::toQString(mPages[std::size_t(row)].info->description));
    valuesChanged();
}

nlohmann::json TemplateGallery::formValues() const
{
    nlohmann::json values = nlohmann::json::object();
    const PropertyForm *f = form();
    const gen::FamilyInfo &info = familyInfo();
    for (int i = 0; i < f->count(); ++i)
        values[info.params[std::size_t(i)].key] = toJson(f->value(i), f->spec(i).type);
    return values;
}

QString TemplateGallery::inFormWords(const QString &error) const
{
    // "gpus_per_host: must be..." names a command-line key; the form shows "GPUs per host". A
    // limit on a product names several ("groups, routers_per_group and ..."): each gets its label.
    const qsizetype colon = error.indexOf(QLatin1String(": "));
    if (colon < 0)
        return error;
    const gen::FamilyInfo &info = familyInfo();
    QMap<QString, QString> labels;
    QStringList keys;
    for (const gen::ParamSpec &p : info.params) {
        labels.insert(views::toQString(p.key),
            QStringLiteral("%1 (%2)").arg(views::toQString(p.label), views::toQString(p.key)));
        keys << QRegularExpression::escape(views::toQString(p.key));
    }
    // One pass, so a label put in ("Switch radix k") is not searched for keys again.
    const QRegularExpression anyKey(QStringLiteral("\\b(%1)\\b").arg(keys.join(QLatin1Char('|'))));
    const QString names = error.left(colon);
    QString named;
    qsizetype done = 0;
    for (const QRegularExpressionMatch &m : anyKey.globalMatch(names)) {
        named += names.mid(done, m.capturedStart() - done) + labels.value(m.captured(1));
        done = m.capturedEnd();
    }
    named += names.mid(done);
    return named + error.mid(colon);
}

void TemplateGallery::valuesChanged()
{
    mRunner->cancel();
    mProgress->hide();
    try {
        const gen::FamilyInfo &info = familyInfo();
        mResolved = gen::resolveParams(info, formValues());
    } catch (const UserError &e) {
        mResolved = nlohmann::json();
        mRefusal = inFormWords(QString::fromUtf8(e.what()));
        okButton()->setEnabled(false);
        mDebounce->start();
        return;
    }
    mRefusal.clear();
    mError->hide();
    okButton()->setEnabled(true);
    mSummary->setText(tr("Computing\u2026"));
    mDebounce->start();
}

} // namespace fabric::app
