#include "Cxlsxwriter.h"
#include <dlfcn.h>
#include <pthread.h>

// The library's functions that Almanac calls, typed as its header declares them, found once.
static struct {
    __typeof__(&workbook_new_opt) workbook_new_opt;
    __typeof__(&workbook_set_properties) workbook_set_properties;
    __typeof__(&workbook_add_format) workbook_add_format;
    __typeof__(&format_set_bold) format_set_bold;
    __typeof__(&format_set_num_format) format_set_num_format;
    __typeof__(&format_set_bg_color) format_set_bg_color;
    __typeof__(&format_set_font_color) format_set_font_color;
    __typeof__(&lxw_workbook_free) lxw_workbook_free;
    __typeof__(&workbook_close) workbook_close;
    __typeof__(&lxw_strerror) lxw_strerror;
    __typeof__(&workbook_add_worksheet) workbook_add_worksheet;
    __typeof__(&worksheet_freeze_panes) worksheet_freeze_panes;
    __typeof__(&worksheet_autofilter) worksheet_autofilter;
    __typeof__(&worksheet_write_boolean) worksheet_write_boolean;
    __typeof__(&worksheet_write_blank) worksheet_write_blank;
    __typeof__(&worksheet_write_string) worksheet_write_string;
    __typeof__(&worksheet_write_number) worksheet_write_number;
    __typeof__(&worksheet_set_column) worksheet_set_column;
    __typeof__(&worksheet_conditional_format_range) worksheet_conditional_format_range;
    __typeof__(&workbook_add_chart) workbook_add_chart;
    __typeof__(&chart_title_set_name) chart_title_set_name;
    __typeof__(&chart_add_series) chart_add_series;
    __typeof__(&chart_series_set_name_range) chart_series_set_name_range;
    __typeof__(&chart_axis_set_num_format) chart_axis_set_num_format;
    __typeof__(&chart_axis_set_min) chart_axis_set_min;
    __typeof__(&chart_axis_set_max) chart_axis_set_max;
    __typeof__(&chart_legend_set_position) chart_legend_set_position;
    __typeof__(&worksheet_insert_chart_opt) worksheet_insert_chart_opt;
} library;

static int found;
static const char *failure;

static void load(void) {
    void *handle = dlopen("libxlsxwriter.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!handle) { failure = dlerror(); return; }
    if (!(library.workbook_new_opt = (__typeof__(library.workbook_new_opt))dlsym(handle, "workbook_new_opt"))) { failure = "workbook_new_opt is missing from it"; return; }
    if (!(library.workbook_set_properties = (__typeof__(library.workbook_set_properties))dlsym(handle, "workbook_set_properties"))) { failure = "workbook_set_properties is missing from it"; return; }
    if (!(library.workbook_add_format = (__typeof__(library.workbook_add_format))dlsym(handle, "workbook_add_format"))) { failure = "workbook_add_format is missing from it"; return; }
    if (!(library.format_set_bold = (__typeof__(library.format_set_bold))dlsym(handle, "format_set_bold"))) { failure = "format_set_bold is missing from it"; return; }
    if (!(library.format_set_num_format = (__typeof__(library.format_set_num_format))dlsym(handle, "format_set_num_format"))) { failure = "format_set_num_format is missing from it"; return; }
    if (!(library.format_set_bg_color = (__typeof__(library.format_set_bg_color))dlsym(handle, "format_set_bg_color"))) { failure = "format_set_bg_color is missing from it"; return; }
    if (!(library.format_set_font_color = (__typeof__(library.format_set_font_color))dlsym(handle, "format_set_font_color"))) { failure = "format_set_font_color is missing from it"; return; }
    if (!(library.lxw_workbook_free = (__typeof__(library.lxw_workbook_free))dlsym(handle, "lxw_workbook_free"))) { failure = "lxw_workbook_free is missing from it"; return; }
    if (!(library.workbook_close = (__typeof__(library.workbook_close))dlsym(handle, "workbook_close"))) { failure = "workbook_close is missing from it"; return; }
    if (!(library.lxw_strerror = (__typeof__(library.lxw_strerror))dlsym(handle, "lxw_strerror"))) { failure = "lxw_strerror is missing from it"; return; }
    if (!(library.workbook_add_worksheet = (__typeof__(library.workbook_add_worksheet))dlsym(handle, "workbook_add_worksheet"))) { failure = "workbook_add_worksheet is missing from it"; return; }
    if (!(library.worksheet_freeze_panes = (__typeof__(library.worksheet_freeze_panes))dlsym(handle, "worksheet_freeze_panes"))) { failure = "worksheet_freeze_panes is missing from it"; return; }
    if (!(library.worksheet_autofilter = (__typeof__(library.worksheet_autofilter))dlsym(handle, "worksheet_autofilter"))) { failure = "worksheet_autofilter is missing from it"; return; }
    if (!(library.worksheet_write_boolean = (__typeof__(library.worksheet_write_boolean))dlsym(handle, "worksheet_write_boolean"))) { failure = "worksheet_write_boolean is missing from it"; return; }
    if (!(library.worksheet_write_blank = (__typeof__(library.worksheet_write_blank))dlsym(handle, "worksheet_write_blank"))) { failure = "worksheet_write_blank is missing from it"; return; }
    if (!(library.worksheet_write_string = (__typeof__(library.worksheet_write_string))dlsym(handle, "worksheet_write_string"))) { failure = "worksheet_write_string is missing from it"; return; }
    if (!(library.worksheet_write_number = (__typeof__(library.worksheet_write_number))dlsym(handle, "worksheet_write_number"))) { failure = "worksheet_write_number is missing from it"; return; }
    if (!(library.worksheet_set_column = (__typeof__(library.worksheet_set_column))dlsym(handle, "worksheet_set_column"))) { failure = "worksheet_set_column is missing from it"; return; }
    if (!(library.worksheet_conditional_format_range = (__typeof__(library.worksheet_conditional_format_range))dlsym(handle, "worksheet_conditional_format_range"))) { failure = "worksheet_conditional_format_range is missing from it"; return; }
    if (!(library.workbook_add_chart = (__typeof__(library.workbook_add_chart))dlsym(handle, "workbook_add_chart"))) { failure = "workbook_add_chart is missing from it"; return; }
    if (!(library.chart_title_set_name = (__typeof__(library.chart_title_set_name))dlsym(handle, "chart_title_set_name"))) { failure = "chart_title_set_name is missing from it"; return; }
    if (!(library.chart_add_series = (__typeof__(library.chart_add_series))dlsym(handle, "chart_add_series"))) { failure = "chart_add_series is missing from it"; return; }
    if (!(library.chart_series_set_name_range = (__typeof__(library.chart_series_set_name_range))dlsym(handle, "chart_series_set_name_range"))) { failure = "chart_series_set_name_range is missing from it"; return; }
    if (!(library.chart_axis_set_num_format = (__typeof__(library.chart_axis_set_num_format))dlsym(handle, "chart_axis_set_num_format"))) { failure = "chart_axis_set_num_format is missing from it"; return; }
    if (!(library.chart_axis_set_min = (__typeof__(library.chart_axis_set_min))dlsym(handle, "chart_axis_set_min"))) { failure = "chart_axis_set_min is missing from it"; return; }
    if (!(library.chart_axis_set_max = (__typeof__(library.chart_axis_set_max))dlsym(handle, "chart_axis_set_max"))) { failure = "chart_axis_set_max is missing from it"; return; }
    if (!(library.chart_legend_set_position = (__typeof__(library.chart_legend_set_position))dlsym(handle, "chart_legend_set_position"))) { failure = "chart_legend_set_position is missing from it"; return; }
    if (!(library.worksheet_insert_chart_opt = (__typeof__(library.worksheet_insert_chart_opt))dlsym(handle, "worksheet_insert_chart_opt"))) { failure = "worksheet_insert_chart_opt is missing from it"; return; }
    found = 1;
}

int almanac_xlsxwriter_load(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, load);
    return found;
}

const char *almanac_xlsxwriter_error(void) { return failure; }

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
