# The FIDE tie-breaks (Handbook C.07) by their codes, as a reader sees them beside the code.
tb-PTS = النقاط
tb-DE = المواجهة المباشرة
tb-WIN = عدد الانتصارات
tb-WON = الانتصارات على الرقعة
tb-BPG = المباريات بالقطع السوداء
tb-BWG = الانتصارات بالقطع السوداء
tb-PS = النقاط التراكمية
tb-REP = الجولات التي اختار اللعب فيها
tb-VUR = الجولات غير الملعوبة طوعًا
tb-NUM = المباريات على الرقعة
tb-BH = بوخولز
tb-AOB = متوسط بوخولز المنافسين
tb-FB = بوخولز المسبق
tb-SB = سونبورن-برغر
tb-KS = نظام كويا
tb-ARO = متوسط تصنيف المنافسين
tb-TPR = الأداء في البطولة
tb-PTP = الأداء الكامل في البطولة
tb-APRO = متوسط أداء المنافسين
tb-APPO = متوسط الأداء الكامل للمنافسين
tb-RTNG = التصنيف
tb-RTG = التصنيف الابتدائي
tb-MPVGP = النقاط الأخرى للفريق (نقاط اللقاءات أو نقاط المباريات)
tb-BC = عدّ الرقعات
tb-TBR = نتائج الرقعات العليا
tb-BBE = الإقصاء رقعةً رقعة
tb-EMMSB = سونبورن-برغر الموسع (نقاط اللقاءات بنقاط اللقاءات)
tb-EMGSB = سونبورن-برغر الموسع (نقاط اللقاءات بنقاط المباريات)
tb-EGMSB = سونبورن-برغر الموسع (نقاط المباريات بنقاط اللقاءات)
tb-EGGSB = سونبورن-برغر الموسع (نقاط المباريات بنقاط المباريات)
tb-EDE = المواجهة المباشرة الموسعة
tb-SSSC = الجمع بين النقاط والقوة
# A tie-break as a list shows it: its name, then its code as FIDE writes it.
tb-named = { $name } ({ $code })
# The tournament's type, worded.
type-individual-swiss = فردي، النظام السويسري
type-individual-round-robin = فردي، دوري
type-team = بطولة فرق
# The time zone UTC, worded.
zone-utc = التوقيت العالمي المنسق (UTC)
# إصدار لوائح كسر التعادل، مؤرخًا بتقويم القارئ (views::edition_in).
tb-edition = لوائح C.07 إصدار { $date }
tb-with-edition = { $tiebreak }، { $edition }
