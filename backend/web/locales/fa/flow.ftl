# The organizer's path (issue #46): the next step on the staff pages (crate::next_step), the
# correcting form of a registered player (crate::player_edit), the error page's way back.
next-step-publish = گام بعد: انتشار دور { $n } (ذخیره شده، هنوز عمومی نیست)
next-step-results = گام بعد: ثبت نتایج دور { $n }
next-step-pair = گام بعد: قرعه‌کشی دور { $n }
next-step-register = گام بعد: ثبت‌نام بازیکنان (دست‌کم دو بازیکن)
next-step-teams = گام بعد: افزودن تیم‌ها (دست‌کم دو تیم)
next-step-seat = گام بعد: ترکیب تیم‌ها در دور { $n }، سپس چیدن میزها
next-step-final = همهٔ { $n } دور بازی شده است: جدول رده‌بندی نهایی
manage-correct = اصلاح
correct-title = اصلاح مشخصات بازیکن { $n }
correct-back = بازگشت به ادارهٔ مسابقات
correct-help = شمارهٔ قرعه، وضعیت و نتایج بازیکن تغییر نمی‌کند؛ این تغییر در گزارش تغییرات ثبت می‌شود.
correct-paired = دور ۱ قرعه‌کشی شده است: ریتینگ تازه ترتیب قرعه را در دورهای بعد تغییر می‌دهد (دورهایی که قرعه‌کشی شده‌اند همان‌گونه می‌مانند).
correct-save = ذخیرهٔ اصلاح
error-event = صفحهٔ مسابقه
error-back = بازگشت به صفحه‌ای که در آن بودید
