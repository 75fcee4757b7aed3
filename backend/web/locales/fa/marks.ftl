# نشانه‌های خانه‌های جدول متقاطع و نام نتیجهٔ هر دور (src/marks.rs): ○ سفید، ● سیاه؛ ½ تساوی.
mark-white = ○
mark-black = ●
mark-result = { $code ->
    [win] 1
    [draw] ½
    [loss] 0
    [unrated-win] 1*
    [unrated-draw] ½*
    [unrated-loss] 0*
    [forfeit-win] +
    [forfeit-loss] −
    [half-bye] استراحت ½
    [full-bye] استراحت 1
    [pab] استراحت قرعه
    [zero-bye] استراحت 0
    [unknown] ؟
   *[blank] {""}
 }
result-word = { $code ->
    [win] برد
    [draw] تساوی
    [loss] باخت
    [unrated-win] برد (کمتر از یک حرکت)
    [unrated-draw] تساوی (کمتر از یک حرکت)
    [unrated-loss] باخت (کمتر از یک حرکت)
    [forfeit-win] برد غیابی
    [forfeit-loss] باخت غیابی
    [half-bye] استراحت نیم‌امتیازی
    [full-bye] استراحت یک‌امتیازی
    [pab] استراحت قرعه‌کشی
    [zero-bye] استراحت بدون امتیاز
    [unknown] نتیجه نامعلوم
   *[blank] بدون نتیجه
 }
