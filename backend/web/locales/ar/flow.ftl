# The organizer's path (issue #46): the next step on the staff pages (crate::next_step), the
# correcting form of a registered player (crate::player_edit), the error page's way back.
next-step-publish = الخطوة التالية: نشر الجولة { $n } (محفوظة، لم تُنشر بعد)
next-step-results = الخطوة التالية: إدخال نتائج الجولة { $n }
next-step-pair = الخطوة التالية: تزويج الجولة { $n }
next-step-register = الخطوة التالية: تسجيل اللاعبين (لاعبان على الأقل)
next-step-teams = الخطوة التالية: إضافة الفرق (فريقان على الأقل)
next-step-seat = الخطوة التالية: تشكيلات الفرق في الجولة { $n }، ثم توزيع الرقع
next-step-final = لُعبت الجولات كلها ({ $n }): الترتيب النهائي
manage-correct = تصحيح
correct-title = تصحيح بيانات اللاعب { $n }
correct-back = العودة إلى إدارة البطولة
correct-help = يبقى رقم القرعة والحالة والنتائج كما هي، ويُسجَّل التغيير في سجل التغييرات.
correct-paired = زُوّجت الجولة ١: التصنيف الجديد يغيّر ترتيب التزويج في الجولات التالية (وتبقى الجولات المزوَّجة كما هي).
correct-save = حفظ التصحيح
error-event = صفحة البطولة
error-back = العودة إلى الصفحة التي كنت فيها
