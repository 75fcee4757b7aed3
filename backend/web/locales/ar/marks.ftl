# علامات خانات الجدول التقاطعي وأسماء نتيجة كل جولة (src/marks.rs): ○ الأبيض، ● الأسود؛ ½ التعادل.
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
    [half-bye] راحة ½
    [full-bye] راحة 1
    [pab] راحة بالقرعة
    [zero-bye] راحة 0
    [unknown] ؟
   *[blank] {""}
 }
result-word = { $code ->
    [win] فوز
    [draw] تعادل
    [loss] خسارة
    [unrated-win] فوز (أقل من نقلة واحدة)
    [unrated-draw] تعادل (أقل من نقلة واحدة)
    [unrated-loss] خسارة (أقل من نقلة واحدة)
    [forfeit-win] فوز بالغياب
    [forfeit-loss] خسارة بالغياب
    [half-bye] راحة بنصف نقطة
    [full-bye] راحة بنقطة كاملة
    [pab] راحة مخصصة بالتزويج
    [zero-bye] راحة بدون نقاط
    [unknown] نتيجة غير معروفة
   *[blank] بلا نتيجة
 }
