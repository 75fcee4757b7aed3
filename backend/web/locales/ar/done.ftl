# The notice a page shows after a write (crate::done): what was just done. $n is the number the
# notice names (a pairing number, a round, a board), $count the same for plurals.
done-created = أُنشئت البطولة. الخطوة التالية: سجّل اللاعبين أدناه.
done-imported = استُوردت البطولة من ملف TRF.
done-imported-irregular = استُوردت البطولة مع تحذير: عدد الجولات التي لا يطابق تزويجها ما تصنعه القواعد: { $n }. سُجّلت كل واحدة منها في ملف TRF المصدَّر بسطر «⁦### Import @ Round⁩»؛ والأمر ⁦arbiter check⁩ على الملف يبيّن السبب.
done-fide-mode-left = خرجت البطولة من وضع فيدي؛ ويسجّل ذلك ملف TRF المصدَّر.
done-settings = حُفظت الإعدادات.
done-registered = سُجّل اللاعب برقم القرعة { $n }.
done-players-added = { $count ->
    [one] سُجّل لاعب واحد.
    [two] سُجّل لاعبان.
    [few] سُجّل { $n } لاعبين.
    [many] سُجّل { $n } لاعبًا.
   *[other] سُجّل { $n } لاعب.
 }
done-ordered = أُعطيت أرقام القرعة بالترتيب الأولي (التصنيف، اللقب، الاسم).
done-bye = حُفظ طلب الراحة للجولة { $n }.
done-withdrawn = سُجّل انسحاب اللاعب { $n }: لن يُزوَّج بعد الآن.
done-reinstated = أُعيد اللاعب { $n }.
done-corrected = صُحّحت بيانات اللاعب { $n }.
done-corrected-rating = صُحّحت بيانات اللاعب { $n }. تغيّر التصنيف بعد تزويج الجولة ١: يتبع ترتيب التزويج في الجولات التالية التصنيف الجديد، وتبقى الجولات المزوَّجة كما هي.
done-stored = حُفظ تزويج الجولة { $n }. لم يُنشر بعد: انشره ثم أدخل النتائج.
done-published = نُشرت الجولة { $n }.
done-unpaired = سُحب تزويج الجولة { $n }.
done-result = حُفظت نتيجة الرقعة { $n }.
done-scheduled = حُفظ موعد بدء الجولة { $n }.
done-staff = تغيّر طاقم البطولة.
done-self-check-in = تغيّر إعداد تسجيل الحضور على الجهاز اللوحي.
done-ratings = حُدّثت التصنيفات من قائمة التصنيف.
done-rating-list = استُوردت قائمة التصنيف.
done-team-setup = حُفظت إعدادات الفرق.
done-team-added = أُضيف الفريق.
done-team-saved = حُفظ الفريق.
done-teams-added = { $count ->
    [one] أُضيف فريق واحد.
    [two] أُضيف فريقان.
    [few] أُضيفت { $n } فرق.
    [many] أُضيف { $n } فريقًا.
   *[other] أُضيف { $n } فريق.
 }
done-teams-paired = زُوّجت الجولة { $n }. الخطوة التالية: تشكيلات الفرق، ثم توزيع الرقع.
done-seated = وُزّعت رقع الجولة { $n } حسب التشكيلات.
done-lineup = حُفظت التشكيلة.
done-prizes = حُفظت الجوائز.
done-norms = حُفظت شروط معايير الألقاب.
done-flag = عولجت العلامة.
done-checked-in = سُجّل الحضور.
done-default-time = سُجّل القرار بشأن وقت التأخير المسموح.
done-edition = حُدّدت طبعة القوانين.
done-sealed = حُفظت النقلة المختومة في ظرفها.
done-incident = سُجّلت الحادثة.
done-token-revoked = أُلغي رمز API.
done-signed-up = أُنشئ الحساب وسُجّل دخولك.
