# The FIDE tie-breaks (Handbook C.07) by their codes, as a reader sees them beside the code.
tb-PTS = امتیاز
tb-DE = رویارویی مستقیم
tb-WIN = تعداد بردها
tb-WON = بردهای روی صفحه
tb-BPG = بازی‌ها با مهره‌های سیاه
tb-BWG = بردها با مهره‌های سیاه
tb-PS = امتیاز تجمعی
tb-REP = دورهای انتخاب‌شده برای بازی
tb-VUR = دورهای داوطلبانه بازی‌نشده
tb-NUM = بازی‌های روی صفحه
tb-BH = بوخهولتس
tb-AOB = میانگین بوخهولتس حریفان
tb-FB = بوخهولتس پیشین
tb-SB = سونبورن-برگر
tb-KS = روش کویا
tb-ARO = میانگین ریتینگ حریفان
tb-TPR = عملکرد در مسابقه
tb-PTP = عملکرد کامل در مسابقه
tb-APRO = میانگین عملکرد حریفان
tb-APPO = میانگین عملکرد کامل حریفان
tb-RTNG = ریتینگ
tb-RTG = ریتینگ آغازین
tb-MPVGP = امتیاز دیگر تیم (امتیاز تیمی یا امتیاز بازی‌ها)
tb-BC = شمارش صفحه‌ها
tb-TBR = نتایج صفحه‌های بالا
tb-BBE = حذف صفحه به صفحه
tb-EMMSB = سونبورن-برگر گسترده (امتیاز تیمی در امتیاز تیمی)
tb-EMGSB = سونبورن-برگر گسترده (امتیاز تیمی در امتیاز بازی‌ها)
tb-EGMSB = سونبورن-برگر گسترده (امتیاز بازی‌ها در امتیاز تیمی)
tb-EGGSB = سونبورن-برگر گسترده (امتیاز بازی‌ها در امتیاز بازی‌ها)
tb-EDE = رویارویی مستقیم گسترده
tb-SSSC = ترکیب امتیاز و قدرت
# A tie-break as a list shows it: its name, then its code as FIDE writes it.
tb-named = { $name } ({ $code })
# The tournament's type, worded.
type-individual-swiss = انفرادی، سوئیسی
type-individual-round-robin = انفرادی، دوره‌ای
type-team = مسابقهٔ تیمی
# The time zone UTC, worded.
zone-utc = زمان هماهنگ جهانی (UTC)
# ویرایش آیین‌نامهٔ معیارهای رده‌بندی، با تاریخ در تقویم خواننده (views::edition_in).
tb-edition = آیین‌نامهٔ C.07 ویرایش { $date }
tb-with-edition = { $tiebreak }، { $edition }
