// The files of Templates/ (and the site's words in each language, Templates/words/) as they are, each followed by a NUL: read by the compiler (C23's
// #embed) when Almanac is built, so the binary carries its default templates and no copy of
// them is kept in the source tree.
#include "templates.h"
#include <string.h>

static const char layout[] = {
#embed "../../Templates/layout.html.mustache"
, 0 };
static const char dashboard[] = {
#embed "../../Templates/dashboard.md.mustache"
, 0 };
static const char habit[] = {
#embed "../../Templates/habit.md.mustache"
, 0 };
static const char journal[] = {
#embed "../../Templates/journal.md.mustache"
, 0 };
static const char year[] = {
#embed "../../Templates/year.md.mustache"
, 0 };
static const char style[] = {
#embed "../../Templates/style.css"
, 0 };
static const char words_en[] = {
#embed "../../Templates/words/en.txt"
, 0 };
static const char words_de[] = {
#embed "../../Templates/words/de.txt"
, 0 };
static const char words_fr[] = {
#embed "../../Templates/words/fr.txt"
, 0 };
static const char words_es[] = {
#embed "../../Templates/words/es.txt"
, 0 };

// The one table of the template files: Swift reads their names from it (`TemplateSet.fileNames`).
static const struct { const char *name, *text; } files[] = {
    {"layout.html.mustache", layout}, {"dashboard.md.mustache", dashboard}, {"habit.md.mustache", habit},
    {"journal.md.mustache", journal}, {"year.md.mustache", year}, {"style.css", style},
    {"words/en.txt", words_en}, {"words/de.txt", words_de}, {"words/fr.txt", words_fr}, {"words/es.txt", words_es},
};

unsigned almanac_builtin_template_count(void) { return sizeof files / sizeof files[0]; }

const char *almanac_builtin_template_name(unsigned index) { return index < almanac_builtin_template_count() ? files[index].name : NULL; }

const char *almanac_builtin_template(const char *name) {
    for (unsigned i = 0; i < almanac_builtin_template_count(); i++) {
        if (strcmp(files[i].name, name) == 0) return files[i].text;
    }
    return NULL;
}
