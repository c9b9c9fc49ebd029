#include "Cxlsxwriter.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

// The library's functions that Almanac calls, each named once here.
#define ALMANAC_XLSXWRITER_FUNCTIONS(X) \
    X(workbook_new_opt) \
    X(workbook_set_properties) \
    X(workbook_add_format) \
    X(format_set_bold) \
    X(format_set_num_format) \
    X(format_set_bg_color) \
    X(format_set_font_color) \
    X(lxw_workbook_free) \
    X(workbook_close) \
    X(lxw_strerror) \
    X(workbook_add_worksheet) \
    X(worksheet_freeze_panes) \
    X(worksheet_autofilter) \
    X(worksheet_write_boolean) \
    X(worksheet_write_blank) \
    X(worksheet_write_string) \
    X(worksheet_write_number) \
    X(worksheet_set_column) \
    X(worksheet_conditional_format_range) \
    X(workbook_add_chart) \
    X(chart_title_set_name) \
    X(chart_add_series) \
    X(chart_series_set_name_range) \
    X(chart_axis_set_num_format) \
    X(chart_axis_set_min) \
    X(chart_axis_set_max) \
    X(chart_legend_set_position) \
    X(worksheet_insert_chart_opt)

// Their pointers, typed as the library's header declares the functions, found once.
static struct {
#define ALMANAC_FIELD(name) __typeof__(&name) name;
    ALMANAC_XLSXWRITER_FUNCTIONS(ALMANAC_FIELD)
#undef ALMANAC_FIELD
} library;

static int found;
static const char *failure;
// dlerror's words, copied: its own text may be overwritten by any later call of the loader's.
static char failure_text[512];
static const char *library_file = "libxlsxwriter.so.4";

static void load(void) {
    // ALMANAC_XLSXWRITER names another file of the library (one installed outside the system's
    // library path); the system's libxlsxwriter.so.4 otherwise.
    const char *chosen = getenv("ALMANAC_XLSXWRITER");
    if (chosen && *chosen) library_file = chosen;
    void *handle = dlopen(library_file, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char *reason = dlerror();
        snprintf(failure_text, sizeof failure_text, "%s", reason ? reason : "unknown");
        failure = failure_text;
        return;
    }
#define ALMANAC_FIND(name) \
    if (!(library.name = (__typeof__(library.name))dlsym(handle, #name))) { failure = #name " is missing from it"; dlclose(handle); return; }
    ALMANAC_XLSXWRITER_FUNCTIONS(ALMANAC_FIND)
#undef ALMANAC_FIND
    found = 1;
}

int almanac_xlsxwriter_load(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, load);
    return found;
}

const char *almanac_xlsxwriter_error(void) { return failure; }

const char *almanac_xlsxwriter_name(void) { return library_file; }

lxw_workbook *almanac_workbook_new_opt(const char *filename, lxw_workbook_options *options) { return library.workbook_new_opt(filename, options); }
lxw_error almanac_workbook_set_properties(lxw_workbook *workbook, lxw_doc_properties *properties) { return library.workbook_set_properties(workbook, properties); }
lxw_format *almanac_workbook_add_format(lxw_workbook *workbook) { return library.workbook_add_format(workbook); }
void almanac_format_set_bold(lxw_format *format) { library.format_set_bold(format); }
void almanac_format_set_num_format(lxw_format *format, const char *num_format) { library.format_set_num_format(format, num_format); }
void almanac_format_set_bg_color(lxw_format *format, lxw_color_t color) { library.format_set_bg_color(format, color); }
void almanac_format_set_font_color(lxw_format *format, lxw_color_t color) { library.format_set_font_color(format, color); }
void almanac_lxw_workbook_free(lxw_workbook *workbook) { library.lxw_workbook_free(workbook); }
lxw_error almanac_workbook_close(lxw_workbook *workbook) { return library.workbook_close(workbook); }
char *almanac_lxw_strerror(lxw_error error_num) { return library.lxw_strerror(error_num); }
lxw_worksheet *almanac_workbook_add_worksheet(lxw_workbook *workbook, const char *sheetname) { return library.workbook_add_worksheet(workbook, sheetname); }
void almanac_worksheet_freeze_panes(lxw_worksheet *worksheet, lxw_row_t row, lxw_col_t col) { library.worksheet_freeze_panes(worksheet, row, col); }
lxw_error almanac_worksheet_autofilter(lxw_worksheet *worksheet, lxw_row_t first_row, lxw_col_t first_col, lxw_row_t last_row, lxw_col_t last_col) { return library.worksheet_autofilter(worksheet, first_row, first_col, last_row, last_col); }
lxw_error almanac_worksheet_write_boolean(lxw_worksheet *worksheet, lxw_row_t row, lxw_col_t col, int value, lxw_format *format) { return library.worksheet_write_boolean(worksheet, row, col, value, format); }
lxw_error almanac_worksheet_write_blank(lxw_worksheet *worksheet, lxw_row_t row, lxw_col_t col, lxw_format *format) { return library.worksheet_write_blank(worksheet, row, col, format); }
lxw_error almanac_worksheet_write_string(lxw_worksheet *worksheet, lxw_row_t row, lxw_col_t col, const char *string, lxw_format *format) { return library.worksheet_write_string(worksheet, row, col, string, format); }
lxw_error almanac_worksheet_write_number(lxw_worksheet *worksheet, lxw_row_t row, lxw_col_t col, double number, lxw_format *format) { return library.worksheet_write_number(worksheet, row, col, number, format); }
lxw_error almanac_worksheet_set_column(lxw_worksheet *worksheet, lxw_col_t first_col, lxw_col_t last_col, double width, lxw_format *format) { return library.worksheet_set_column(worksheet, first_col, last_col, width, format); }
lxw_error almanac_worksheet_conditional_format_range(lxw_worksheet *worksheet, lxw_row_t first_row, lxw_col_t first_col, lxw_row_t last_row, lxw_col_t last_col, lxw_conditional_format *conditional_format) { return library.worksheet_conditional_format_range(worksheet, first_row, first_col, last_row, last_col, conditional_format); }
lxw_chart *almanac_workbook_add_chart(lxw_workbook *workbook, uint8_t chart_type) { return library.workbook_add_chart(workbook, chart_type); }
void almanac_chart_title_set_name(lxw_chart *chart, const char *name) { library.chart_title_set_name(chart, name); }
lxw_chart_series *almanac_chart_add_series(lxw_chart *chart, const char *categories, const char *values) { return library.chart_add_series(chart, categories, values); }
void almanac_chart_series_set_name_range(lxw_chart_series *series, const char *sheetname, lxw_row_t row, lxw_col_t col) { library.chart_series_set_name_range(series, sheetname, row, col); }
void almanac_chart_axis_set_num_format(lxw_chart_axis *axis, const char *num_format) { library.chart_axis_set_num_format(axis, num_format); }
void almanac_chart_axis_set_min(lxw_chart_axis *axis, double min) { library.chart_axis_set_min(axis, min); }
void almanac_chart_axis_set_max(lxw_chart_axis *axis, double max) { library.chart_axis_set_max(axis, max); }
void almanac_chart_legend_set_position(lxw_chart *chart, uint8_t position) { library.chart_legend_set_position(chart, position); }
lxw_error almanac_worksheet_insert_chart_opt(lxw_worksheet *worksheet, lxw_row_t row, lxw_col_t col, lxw_chart *chart, lxw_chart_options *user_options) { return library.worksheet_insert_chart_opt(worksheet, row, col, chart, user_options); }
